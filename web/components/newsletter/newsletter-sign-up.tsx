import {
  newsletterFormId,
  newsletterHoneypotField,
  newsletterSentAnchor,
  newsletterSentMessage,
} from "#shared/newsletter";
import { paths } from "#shared/routes";
import { buttonClasses } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

/** What the blog's loader reads of her content for the form. */
export type NewsletterSignUpData = { heading: string; offer: string };

/**
 * The blog's small sign-up to the newsletter: a plain post to the server, no script at all (it
 * keeps the page's first-input budget). The server answers with 303 to this form's notice, which
 * CSS `:target` shows, or with a page that holds the form and its message.
 */
export function NewsletterSignUp({ heading, offer }: NewsletterSignUpData) {
  return (
    <section
      id={newsletterFormId}
      aria-labelledby={`${newsletterFormId}-heading`}
      className="mx-auto mt-16 max-w-2xl scroll-mt-28 rounded-[2rem] bg-sage-light/70 p-6 ring-1 ring-bark/10 sm:p-10"
    >
      <p
        id={newsletterSentAnchor}
        role="status"
        className="mb-6 hidden scroll-mt-28 items-start gap-3 rounded-2xl border border-moss/30 bg-cream px-4 py-3.5 text-moss-dark target:flex"
      >
        <span>{typeset(newsletterSentMessage)}</span>
      </p>
      <h2
        id={`${newsletterFormId}-heading`}
        className="flex items-center gap-3 text-2xl font-semibold text-bark sm:text-3xl"
      >
        {typeset(heading)}
      </h2>
      <p className="mt-3 leading-relaxed text-bark-soft">{typeset(offer)}</p>
      <form method="post" action={paths.newsletterSignUp} className="mt-6 grid gap-4">
        {/* Plain markup, not the forms' TextField: this form has no script, and the field module
            would cost the blog's first-input budget (perf/budgets.ts) for nothing. */}
        <div>
          <label
            htmlFor="newsletter-email"
            className="block text-[0.9375rem] font-semibold text-bark"
          >
            <span className="whitespace-nowrap">E-mail</span>
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            aria-required
            className="mt-2 block h-12 w-full rounded-2xl border border-bark-soft/70 bg-white px-4 text-base text-bark shadow-[inset_0_1px_2px_rgb(62_51_40/0.06)] transition-colors duration-150 hover:border-bark-soft focus:border-moss focus-visible:outline-offset-1"
          />
        </div>
        <div
          aria-hidden="true"
          className="absolute -left-[10000px] top-auto size-px overflow-hidden"
        >
          <label htmlFor="newsletter-website">Tohle pole nevyplňujte</label>
          <input
            id="newsletter-website"
            name={newsletterHoneypotField}
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <p className="text-sm leading-snug text-bark-soft">
          {/* The consent's words and the notice's link without the forms' ConsentLabel and its icon:
              the blog's first-input budget (perf/budgets.ts). */}
          {typeset(
            "Tlačítkem souhlasíte se zasíláním novinek; pošlu vám e-mail, kterým odběr potvrdíte. Podrobnosti najdete v\u00a0",
          )}
          <a
            href={paths.privacy}
            className="font-semibold text-moss-dark underline underline-offset-4 hover:decoration-2"
          >
            zásadách ochrany osobních údajů
          </a>
          .
        </p>
        <button
          type="submit"
          className={buttonClasses("primary", "min-h-12 w-full sm:w-auto sm:justify-self-start")}
        >
          Přihlásit se k novinkám
        </button>
      </form>
    </section>
  );
}
