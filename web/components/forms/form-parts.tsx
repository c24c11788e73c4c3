import { clsx } from "clsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { FormEvent, ReactNode, Ref } from "react";
import { type FormType, honeypotField, successMessages } from "#shared/form-schemas";
import { formPlaces, paths, sentWhileWaitingAnchor, withNewsletterAnchor } from "#shared/routes";
import {
  type FormOutcome,
  type FormSubmission,
  sentMessage,
} from "~/components/forms/use-form-submission";
import { Button } from "~/components/ui/button";
import { keepWordsWhole } from "~/lib/typography";

/** The input props of an e-mail address field: the e-mail keyboard, autofill and no spelling check. */
export const emailInputProps = {
  type: "email",
  inputMode: "email",
  autoComplete: "email",
  spellCheck: false,
} as const;

/**
 * A field only bots see and fill in: off-screen, out of the tab order and
 * hidden from assistive technology.
 */
export function HoneypotField({ idPrefix, ref }: { idPrefix: string; ref: Ref<HTMLInputElement> }) {
  const id = `${idPrefix}-${honeypotField}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>Tohle pole nevyplňujte</label>
      <input
        ref={ref}
        id={id}
        name={honeypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The submit button, reading „Odesílám...“ while the form is on its way. */
export function SubmitButton({ submitting, label }: { submitting: boolean; label: string }) {
  return (
    <Button
      type="submit"
      disabled={submitting}
      className="min-h-12 w-full px-8 text-[1.0625rem] @md:w-auto @md:justify-self-start"
    >
      {submitting && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-cream/40 border-t-cream motion-reduce:animate-none"
        />
      )}
      {submitting ? "Odesílám..." : label}
    </Button>
  );
}

/** What every public form ends with: the bots' field, the submit button and how the send ended. */
export function FormFooter({
  idPrefix,
  submission: { honeypotRef, sending, outcome },
  submitLabel,
}: {
  idPrefix: string;
  submission: FormSubmission;
  submitLabel: string;
}) {
  return (
    <>
      <HoneypotField idPrefix={idPrefix} ref={honeypotRef} />
      <div className="mt-6 grid gap-4">
        <SubmitButton submitting={sending} label={submitLabel} />
        <FormOutcomeNotice outcome={outcome} />
      </div>
    </>
  );
}

/**
 * How the send ended. The success notice sits in a live region that is always
 * present, so screen readers announce it; a failure is an alert.
 */
export function FormOutcomeNotice({ outcome }: { outcome: FormOutcome }) {
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true">
        {outcome.state === "sent" && (
          <p className={clsx(noticeClasses, "border-moss/30 bg-sage-light text-moss-dark")}>
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{keepWordsWhole(outcome.message)}</span>
          </p>
        )}
      </div>
      {outcome.state === "failed" && (
        <p
          role="alert"
          className={clsx(noticeClasses, "border-terracotta-dark/40 bg-[#fbeee6] text-bark")}
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-terracotta-dark" />
          <span>{keepWordsWhole(outcome.message)}</span>
        </p>
      )}
    </>
  );
}

const noticeClasses =
  "flex items-start gap-3 rounded-2xl border px-4 py-3.5 text-base font-medium leading-snug";

/**
 * A gift form's other notices after a send without scripts: while its gift waits, and either
 * with the newsletter's box ticked (its confirmation e-mail comes too).
 */
function giftNotices(formType: Exclude<FormType, "contact">) {
  const ready = formPlaces[formType].sentAnchor;
  const waiting = sentWhileWaitingAnchor(formType);
  return [
    { anchor: waiting, message: sentMessage(formType, true) },
    { anchor: withNewsletterAnchor(ready), message: sentMessage(formType, false, true) },
    { anchor: withNewsletterAnchor(waiting), message: sentMessage(formType, true, true) },
  ];
}

/**
 * What a form says at its top when it was sent without scripts: the page it
 * sits on shows the thank-you notice when its address ends in the form's
 * `sentAnchor` (the server sends the visitor there), and the page the server
 * answers a refused send with shows why (`failure`).
 */
function NoticesWithoutScripts({ formType, failure }: { formType: FormType; failure?: string }) {
  return (
    <>
      <p
        id={formPlaces[formType].sentAnchor}
        className={clsx(
          noticeClasses,
          "mb-6 hidden border-moss/30 bg-sage-light text-moss-dark target:flex",
        )}
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{keepWordsWhole(successMessages[formType])}</span>
      </p>
      {formType !== "contact" &&
        giftNotices(formType).map(({ anchor, message }) => (
          <p
            key={anchor}
            id={anchor}
            className={clsx(
              noticeClasses,
              "mb-6 hidden border-moss/30 bg-sage-light text-moss-dark target:flex",
            )}
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{keepWordsWhole(message)}</span>
          </p>
        ))}
      {failure && (
        <p
          role="alert"
          // The page answers a send without scripts: this is where to look.
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: only on the page that answers a refused send
          autoFocus
          className={clsx(noticeClasses, "mb-6 border-terracotta-dark/40 bg-[#fbeee6] text-bark")}
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-terracotta-dark" />
          <span>{keepWordsWhole(failure)}</span>
        </p>
      )}
    </>
  );
}

/** The card every form sits on: calm on cream and on sand alike. */
const formCardClasses =
  "@container relative rounded-[1.75rem] bg-white/85 p-5 shadow-[0_24px_60px_-30px_rgb(62_51_40/0.45)] ring-1 ring-bark/8 sm:p-8";

type FormCardProps = {
  formType: FormType;
  label: string;
  /** Set only on the page the server answers a send without scripts with: why it was refused. */
  failure?: string;
  submission: FormSubmission;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
};

/**
 * The <form> of every public form: never sent twice, and the last notice
 * cleared on a new try. With scripts running the form is sent as JSON; with
 * scripts blocked the browser posts it to `paths.formPost`, which answers with
 * this page again (see server/forms/form-post-route.ts).
 */
export function FormCard({
  formType,
  label,
  failure,
  submission: { sending, clearOutcome },
  onSubmit,
  children,
}: FormCardProps) {
  const { formId } = formPlaces[formType];
  return (
    <form
      id={formId}
      noValidate
      // Sent before the scripts run, the fields must not end up in the address.
      method="post"
      // No fragment: the answer's autofocus (on the first refused field, or
      // the notice) brings the form into view, and browsers skip autofocus
      // on a page whose address points at an element.
      action={paths.formPost}
      aria-label={label}
      aria-busy={sending}
      onSubmit={(event) => {
        if (sending) {
          event.preventDefault();
          return;
        }
        clearOutcome();
        return onSubmit(event);
      }}
      className={formCardClasses}
    >
      <input type="hidden" name="formType" value={formType} />
      <NoticesWithoutScripts formType={formType} failure={failure} />
      {children}
    </form>
  );
}
