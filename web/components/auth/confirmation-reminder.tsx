import { useState } from "react";
import { authNotices } from "#shared/auth-schemas";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { typeset } from "~/lib/typography";

const resendFailedText = "E-mail se nepodařilo odeslat. Zkuste to prosím za chvíli znovu.";

/** Whether a sign-in was refused because the account's address is not confirmed yet. */
export function isEmailNotConfirmed(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "email_not_confirmed"
  );
}

/**
 * Shown under a sign-in refused for an unconfirmed address (its message says
 * to confirm it with the link from the e-mail first): the e-mail sent again
 * (`/resend`, one a minute).
 */
export function ConfirmationReminder({ email, className }: { email: string; className?: string }) {
  const [status, setStatus] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      const { error } = await getAuthClient().resend({
        type: "signup",
        email,
        options: { emailRedirectTo: window.location.origin },
      });
      setStatus(
        error
          ? { tone: "error", text: messageOf(error, resendFailedText) }
          : { tone: "info", text: authNotices.confirmationResent },
      );
    } catch (thrown) {
      setStatus({ tone: "error", text: messageOf(thrown, resendFailedText) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div
      className={`rounded-2xl bg-sand/70 px-4 py-3 text-[0.9375rem] text-bark ${className ?? ""}`}
    >
      <p>{typeset("Nepřišel vám e-mail s\u00a0odkazem, nebo už odkaz vypršel?")}</p>
      <button
        type="button"
        onClick={resend}
        disabled={sending}
        className="mt-1 min-h-11 font-semibold text-moss-dark underline underline-offset-4 disabled:opacity-60"
      >
        {sending ? "Odesílám…" : "Poslat potvrzovací e-mail znovu"}
      </button>
      <p role="status" className={status?.tone === "error" ? "text-terracotta-dark" : ""}>
        {status ? typeset(status.text) : null}
      </p>
    </div>
  );
}
