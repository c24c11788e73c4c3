import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authMessages, authNotices, firstIssue, newPasswordSchema } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { NewPasswordFields, passwordChangeFailedText } from "~/components/auth/new-password-fields";
import { Button } from "~/components/ui/button";
import { checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient, messageOf } from "~/lib/auth-client";

/**
 * Reached from the recovery e-mail: the link signed her in for this one
 * purpose. An administrator then goes on to the administration.
 */
export function NewPasswordForm({
  onDone,
  onNeedsCode,
}: {
  onDone: () => void;
  /**
   * An account with an authenticator app whose session has not passed its code yet: the server
   * takes a new password only after it (the page normally asks for it first).
   */
  onNeedsCode: () => void;
}) {
  const navigate = useNavigate();
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
      const client = getAuthClient();
      const { data, error } = await client.updateUser({ password: parsed.data.password });
      if (error?.code === "insufficient_aal") {
        onNeedsCode();
        return;
      }
      if (error || !data.user) {
        toast.error(messageOf(error, passwordChangeFailedText));
        return;
      }
      toast.success(authNotices.passwordChanged);
      const { data: sessionData } = await client.getSession();
      const token = sessionData.session?.access_token;
      const access = token ? await checkAdminAccess(token) : "signed_out";
      if (access === "admin" || access === "needs_setup") {
        navigate(paths.admin);
        return;
      }
      await client.signOut({ scope: "local" });
      toast.info(authNotices.notAdminYet);
      onDone();
    } catch (thrown) {
      toast.error(messageOf(thrown, passwordChangeFailedText));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit}>
      <div className="space-y-5">
        <NewPasswordFields
          ids={{ password: "new-password", confirmation: "new-password-confirmation" }}
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
      <Button type="submit" disabled={submitting} className="mt-6 w-full">
        {submitting ? "Ukládám…" : "Uložit nové heslo"}
      </Button>
    </form>
  );
}
