import { isAuthApiError } from "@supabase/auth-js";
import { clsx } from "clsx";
import { CircleCheck, KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { authMessages, authNotices, firstIssue, newPasswordSchema } from "#shared/auth-schemas";
import { NewPasswordFields, passwordChangeFailedText } from "~/components/auth/new-password-fields";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/password-field";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { typeset } from "~/lib/typography";

const fields = ["current", "password", "confirmation"] as const;
type Field = (typeof fields)[number];

/** The server's refusals that belong next to one field (GoTrue's codes); others under the button. */
const fieldOfCode: Record<string, Field> = {
  current_password_required: "current",
  current_password_invalid: "current",
  weak_password: "password",
  same_password: "password",
};

/**
 * A signed-in account changes its password (auth-js `updateUser`, whose
 * USER_UPDATED event the session library sends), giving the current one
 * first; the server signs its other devices out. On „Můj účet“ in the
 * administration and in the members' area; `idPrefix` keeps the fields' ids
 * apart. What happened is said under the button, as the members' page has
 * no toasts.
 */
export function PasswordChange({ idPrefix, className }: { idPrefix: string; className?: string }) {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<{ changed: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fieldIds: Record<Field, string> = {
    current: `${idPrefix}-current-password`,
    password: `${idPrefix}-new-password`,
    confirmation: `${idPrefix}-new-password-confirmation`,
  };
  const edited = () => {
    setErrors({});
    setOutcome(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Every field checked at once; she goes on at the first one refused.
    const showErrors = (found: Partial<Record<Field, string>>) => {
      setErrors(found);
      setOutcome(null);
      const first = fields.find((field) => found[field]);
      if (first) form.querySelector<HTMLElement>(`#${fieldIds[first]}`)?.focus();
    };
    const parsed = newPasswordSchema.safeParse({ password });
    const found: Partial<Record<Field, string>> = {};
    if (current === "") found.current = authMessages.currentPasswordMissing;
    if (!parsed.success) found.password = firstIssue(parsed.error);
    else if (confirmation !== password) found.confirmation = authMessages.passwordsDiffer;
    if (!parsed.success || Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSubmitting(true);
    // Said afresh each time: the same refusal twice is still heard twice.
    setOutcome(null);
    try {
      const { error } = await getAuthClient().updateUser({
        password: parsed.data.password,
        current_password: current,
      });
      if (error) {
        const field = isAuthApiError(error) && error.code ? fieldOfCode[error.code] : undefined;
        const message = messageOf(error, passwordChangeFailedText);
        if (field) showErrors({ [field]: message });
        else setOutcome({ changed: false, text: message });
        return;
      }
      setCurrent("");
      setPassword("");
      setConfirmation("");
      setOutcome({ changed: true, text: authNotices.passwordChanged });
    } catch (thrown) {
      setOutcome({ changed: false, text: messageOf(thrown, passwordChangeFailedText) });
    } finally {
      setSubmitting(false);
    }
  }

  // Folded away until it is needed: what the page is for stays first.
  return (
    <details
      className={clsx(
        "group rounded-[2rem] bg-cream ring-1 ring-bark/10 open:p-6 open:shadow-sm sm:open:p-8",
        className,
      )}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-[2rem] px-6 py-2 font-semibold text-moss-dark group-open:px-0 group-open:py-0 group-open:text-2xl group-open:text-bark [&::-webkit-details-marker]:hidden">
        <KeyRound aria-hidden="true" className="size-5 text-moss-dark group-open:size-6" />
        Změna hesla
      </summary>
      <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">
        {typeset(
          "Po změně hesla se odhlásí všechna ostatní zařízení, na kterých je účet přihlášený, a na e-mailovou adresu účtu přijde upozornění.",
        )}
      </p>
      <form noValidate onSubmit={submit} className="mt-6 grid max-w-3xl gap-5 sm:grid-cols-2">
        <PasswordField
          id={fieldIds.current}
          label="Současné heslo"
          toggleLabel="Zobrazit současné heslo"
          autoComplete="current-password"
          value={current}
          onChange={(event) => {
            setCurrent(event.target.value);
            edited();
          }}
          error={errors.current}
          className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
        />
        <NewPasswordFields
          ids={fieldIds}
          password={password}
          confirmation={confirmation}
          errors={errors}
          onPassword={(value) => {
            setPassword(value);
            edited();
          }}
          onConfirmation={(value) => {
            setConfirmation(value);
            edited();
          }}
          confirmationClassName="sm:pt-6"
        />
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3 sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={submitting}>
            {submitting ? "Ukládám…" : "Změnit heslo"}
          </Button>
          {/* Always in the page, so that a screen reader hears what is put in it. */}
          <p
            role="status"
            className={clsx(
              "flex items-center gap-2 font-semibold",
              outcome?.changed ? "text-moss-dark" : "text-terracotta-dark",
            )}
          >
            {outcome?.changed && <CircleCheck aria-hidden="true" className="size-5 shrink-0" />}
            {outcome && typeset(outcome.text)}
          </p>
        </div>
      </form>
    </details>
  );
}
