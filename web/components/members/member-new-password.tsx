import { KeyRound } from "lucide-react";
import { useState } from "react";
import {
  NewPasswordFields,
  passwordChangeFailedText,
  useNewPasswordEntry,
} from "~/components/auth/new-password-fields";
import { Button } from "~/components/ui/button";
import { getAuthClient, messageOf } from "~/lib/auth-client";

/**
 * A member's password-reset link lands here, in her area, signed in for this
 * one purpose (the server sends an administrator's to the administration's
 * sign-in instead). Once the new password is set, her area opens.
 */
export function MemberNewPassword({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { fields, submitting, onSubmit } = useNewPasswordEntry(async (newPassword) => {
    setFailure(null);
    try {
      const { error } = await getAuthClient().updateUser({ password: newPassword });
      if (error) {
        setFailure(messageOf(error, passwordChangeFailedText));
        return;
      }
      onDone();
    } catch (thrown) {
      setFailure(messageOf(thrown, passwordChangeFailedText));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mx-auto max-w-md rounded-[2rem] bg-white/80 p-6 shadow-sm ring-1 ring-bark/10 sm:p-8"
    >
      <div className="space-y-5">
        <NewPasswordFields
          ids={{ password: "member-new-password", confirmation: "member-new-password-again" }}
          {...fields}
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
