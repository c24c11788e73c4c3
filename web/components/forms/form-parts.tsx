import { clsx } from "clsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { FormEvent, ReactNode, Ref } from "react";
import { honeypotField } from "#shared/form-schemas";
import type { FormOutcome } from "~/components/forms/use-form-submission";
import { Button } from "~/components/ui/button";

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
            <span>{outcome.message}</span>
          </p>
        )}
      </div>
      {outcome.state === "failed" && (
        <p
          role="alert"
          className={clsx(noticeClasses, "border-terracotta-dark/40 bg-[#fbeee6] text-bark")}
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-terracotta-dark" />
          <span>{outcome.message}</span>
        </p>
      )}
    </>
  );
}

const noticeClasses =
  "flex items-start gap-3 rounded-2xl border px-4 py-3.5 text-base font-medium leading-snug";

/** The card every form sits on: calm on cream and on sand alike. */
const formCardClasses =
  "@container relative rounded-[1.75rem] bg-white/85 p-5 shadow-[0_24px_60px_-30px_rgb(62_51_40/0.45)] ring-1 ring-bark/8 sm:p-8";

type FormCardProps = {
  label: string;
  sending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  clearOutcome: () => void;
  children: ReactNode;
};

/** The <form> of every public form: never sent twice, and the last notice cleared on a new try. */
export function FormCard({ label, sending, onSubmit, clearOutcome, children }: FormCardProps) {
  return (
    <form
      noValidate
      // Sent before the scripts run, the fields must not end up in the address.
      method="post"
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
      {children}
    </form>
  );
}
