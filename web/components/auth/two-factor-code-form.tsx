import { Smartphone } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { OneTimeCodeField } from "~/components/auth/one-time-code-field";
import { Button } from "~/components/ui/button";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { czech, typeset } from "~/lib/typography";

export const codeMissingText = "Zadejte prosím kód z aplikace.";
const codeFailedText = "Kód se nepodařilo ověřit. Zkuste to prosím znovu.";

/**
 * The second step of an administrator's sign-in: the six digits her
 * authenticator app shows (or one of her recovery codes). auth-js's own
 * `mfa.challengeAndVerify` raises the session to aal2; then /admin, with
 * the specification's success notice.
 */
export function TwoFactorCodeForm({
  onCancel,
  onVerified,
  destination = paths.admin,
}: {
  onCancel: () => void;
  /** What follows the code instead of /admin (a recovery link: the new password). */
  onVerified?: () => void;
  /** Where the code leads: /admin, or the administration's page she came for. */
  destination?: string;
}) {
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(codeMissingText);
      return;
    }
    setSubmitting(true);
    try {
      const client = getAuthClient();
      const { data: factors, error: listError } = await client.mfa.listFactors();
      const apps = factors?.totp ?? [];
      if (listError || apps.length === 0) {
        toast.error(messageOf(listError, codeFailedText));
        return;
      }
      // Digits may be typed with a space in the middle, as apps show them.
      const sent = /^[\d\s]+$/.test(typed) ? typed.replace(/\s/g, "") : typed;
      // With a second phone the code may be either's: each app is tried until one takes it (a
      // recovery code is taken by any). The first app's refusal is the one she reads.
      let verifyError: unknown = null;
      for (const app of apps) {
        const { error: appError } = await client.mfa.challengeAndVerify({
          factorId: app.id,
          code: sent,
        });
        if (!appError) {
          verifyError = null;
          break;
        }
        verifyError ??= appError;
      }
      if (verifyError) {
        setCode("");
        toast.error(messageOf(verifyError, codeFailedText));
        return;
      }
      if (onVerified) {
        onVerified();
        return;
      }
      toast.success(authNotices.signedIn);
      navigate(destination);
    } catch (thrown) {
      toast.error(messageOf(thrown, codeFailedText));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit}>
      <p className="mb-5 flex items-start gap-3 leading-relaxed text-bark">
        <Smartphone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-moss-dark" />
        <span>
          {typeset(
            "Otevřete v telefonu aplikaci pro ověřovací kódy a opište šestimístný kód, který u tohoto webu právě ukazuje.",
          )}
        </span>
      </p>
      <OneTimeCodeField
        id="two-factor-code"
        label="Kód z aplikace"
        hint={czech("Bez telefonu můžete zadat jeden ze záložních kódů.")}
        autoFocus
        value={code}
        onCodeChange={(typed) => {
          setCode(typed);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" disabled={submitting} className="mt-6 w-full">
        {submitting ? "Ověřuji…" : "Ověřit a pokračovat"}
      </Button>
      <p className="mt-4 text-center">
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 font-semibold text-moss-dark underline-offset-4 hover:underline"
        >
          Přihlásit se jiným účtem
        </button>
      </p>
    </form>
  );
}
