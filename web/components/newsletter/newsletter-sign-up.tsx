import { CircleCheck, Mail } from "lucide-react";
import {
  newsletterFormId,
  newsletterHoneypotField,
  newsletterSentAnchor,
  newsletterSentMessage,
} from "#shared/newsletter";
import { paths } from "#shared/routes";
import { ConsentLabel } from "~/components/forms/consent-label";
import { buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
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
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{typeset(newsletterSentMessage)}</span>
      </p>
      <h2
        id={`${newsletterFormId}-heading`}
        className="flex items-center gap-3 text-2xl font-semibold text-bark sm:text-3xl"
      >
        <Mail aria-hidden="true" className="size-6 shrink-0 text-terracotta-dark" />
        {typeset(heading)}
      </h2>
      <p className="mt-3 leading-relaxed text-bark-soft">{typeset(offer)}</p>
      <form method="post" action={paths.newsletterSignUp} className="mt-6 grid gap-4">
        <TextField
          id="newsletter-email"
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
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
          <ConsentLabel
            address="vy"
            consent="Tlačítkem souhlasíte se zasíláním novinek; pošlu vám e-mail, kterým odběr potvrdíte."
          />
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
