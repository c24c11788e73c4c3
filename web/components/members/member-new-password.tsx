import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { authMessages, firstIssue, newPasswordSchema } from "#shared/auth-schemas";
import { NewPasswordFields, passwordChangeFailedText } from "~/components/auth/new-password-fields";
import { Button } from "~/components/ui/button";
import { getAuthClient, messageOf } from "~/lib/auth-client";

/**
 * A member's password-reset link lands here, in her area, signed in for this
 * one purpose (the server sends an administrator's to the administration's
 * sign-in instead). Once the new password is set, her area opens.
 */
export function MemberNewPassword({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
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
    setFailure(null);
    try {
      const { error } = await getAuthClient().updateUser({ password: parsed.data.password });
      if (error) {
        setFailure(messageOf(error, passwordChangeFailedText));
        return;
      }
      onDone();
    } catch (thrown) {
      setFailure(messageOf(thrown, passwordChangeFailedText));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mx-auto max-w-md rounded-[2rem] bg-white/80 p-6 shadow-sm ring-1 ring-bark/10 sm:p-8"
    >
      <div className="space-y-5">
        <NewPasswordFields
          ids={{ password: "member-new-password", confirmation: "member-new-password-again" }}
          password={password}
          confirmation={confirmation}
          errors={errors}
          onPassword={(value) => {
            setPassword(value);
            setErrors({});
          }}
          onConfirmation={(value) => {
            setConfirmation(value);
            setErrors({});
          }}
        />
      </div>
      {failure ? (
        <p role="alert" className="mt-4 font-semibold text-terracotta-dark">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={submitting} className="mt-6 w-full">
        <KeyRound aria-hidden="true" className="size-5" />
        {submitting ? "Ukládám…" : "Uložit nové heslo"}
      </Button>
    </form>
  );
}
