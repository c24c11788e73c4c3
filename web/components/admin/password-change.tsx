import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { authMessages, firstIssue, newPasswordSchema } from "#shared/auth-schemas";
import { passwordChangedText } from "~/components/auth/new-password-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { czech } from "~/lib/typography";

const passwordChangeFailedText = "Heslo se nepodařilo změnit. Zkuste to prosím znovu.";

/**
 * The administrator changes her password (auth-js `updateUser`, whose
 * USER_UPDATED event the session library sends); the server signs her
 * other devices out.
 */
export function PasswordChange() {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse({ password });
    if (!parsed.success) {
      setErrors({ password: firstIssue(parsed.error) });
      return;
    }
    if (confirmation !== password) {
      setErrors({ confirmation: authMessages.passwordsDiffer });
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await getAuthClient().updateUser({ password: parsed.data.password });
      if (error) {
        toast.error(messageOf(error, passwordChangeFailedText));
        return;
      }
      setPassword("");
      setConfirmation("");
      toast.success(passwordChangedText);
    } catch (thrown) {
      toast.error(messageOf(thrown, passwordChangeFailedText));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section
      aria-labelledby="password-heading"
      className="mt-8 rounded-[2rem] bg-cream p-6 shadow-sm ring-1 ring-bark/10 sm:p-8"
    >
      <h2
        id="password-heading"
        className="flex items-center gap-3 text-2xl font-semibold text-bark"
      >
        <KeyRound aria-hidden="true" className="size-6 text-moss-dark" />
        Změna hesla
      </h2>
      <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">
        {czech(
          "Po změně hesla se odhlásí všechna ostatní zařízení, na kterých je účet přihlášený.",
        )}
      </p>
      <form noValidate onSubmit={submit} className="mt-6 grid max-w-3xl gap-5 sm:grid-cols-2">
        <TextField
          id="admin-new-password"
          label="Nové heslo"
          type="password"
          hint="Minimálně 6 znaků"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors({});
          }}
          error={errors.password}
        />
        <TextField
          id="admin-new-password-confirmation"
          label="Nové heslo znovu"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setErrors({});
          }}
          error={errors.confirmation}
          className="sm:pt-6"
        />
        <div>
          <Button type="submit" variant="secondary" disabled={submitting}>
            {submitting ? "Ukládám…" : "Změnit heslo"}
          </Button>
        </div>
      </form>
    </section>
  );
}
