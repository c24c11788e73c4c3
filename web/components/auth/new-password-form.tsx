import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import {
  NewPasswordFields,
  passwordChangeFailedText,
  useNewPasswordEntry,
} from "~/components/auth/new-password-fields";
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
  const { fields, submitting, onSubmit } = useNewPasswordEntry(async (newPassword) => {
    try {
      const client = getAuthClient();
      const { data, error } = await client.updateUser({ password: newPassword });
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
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="space-y-5">
        <NewPasswordFields
          ids={{ password: "new-password", confirmation: "new-password-confirmation" }}
          {...fields}
        />
      </div>
      <Button type="submit" disabled={submitting} className="mt-6 w-full">
        {submitting ? "Ukládám…" : "Uložit nové heslo"}
      </Button>
    </form>
  );
}
