import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { firstIssue, recoverSchema } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { typeset } from "~/lib/typography";

export const recoverySentText =
  "Pokud k tomuto e-mailu patří účet, přijde na něj odkaz pro nastavení nového hesla. Odkaz platí hodinu.";
export const recoveryFailedText = "Odkaz se nepodařilo odeslat. Zkuste to prosím znovu.";

/** „Zapomenuté heslo?“: sends a link that leads back here to set a new password. */
export function RecoveryRequestForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = recoverSchema.safeParse({ email });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      const { error: requestError } = await getAuthClient().resetPasswordForEmail(
        parsed.data.email,
        { redirectTo: `${window.location.origin}${paths.signIn}` },
      );
      if (requestError) {
        toast.error(messageOf(requestError, recoveryFailedText));
        return;
      }
      setSent(true);
    } catch (thrown) {
      toast.error(messageOf(thrown, recoveryFailedText));
    } finally {
      setSubmitting(false);
    }
  }

  if (sent) {
    return (
      <div>
        <p role="status" className="flex items-start gap-3 leading-relaxed text-bark">
          <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-moss-dark" />
          <span>{typeset(recoverySentText)}</span>
        </p>
        <Button variant="secondary" onClick={onBack} className="mt-6 w-full">
          Zpět na přihlášení
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <TextField
        id="recovery-email"
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" disabled={submitting} className="mt-6 w-full">
        {submitting ? "Odesílám…" : "Poslat odkaz"}
      </Button>
      <p className="mt-4 text-center">
        <button
          type="button"
          onClick={onBack}
          className="min-h-11 font-semibold text-moss-dark underline-offset-4 hover:underline"
        >
          Zpět na přihlášení
        </button>
      </p>
    </form>
  );
}
