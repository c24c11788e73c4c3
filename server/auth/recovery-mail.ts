import { render } from "@react-email/render";
import { createElement } from "react";
import type { Database } from "#database/open-database";
import { mailOutbox } from "#database/schema";
import type { Clock } from "../clock";
import { PasswordRecoveryEmail, passwordRecoverySubject } from "../mail/password-recovery-email";
import type { RecoveryEmail } from "./auth-api";

/** Puts the recovery e-mail in the outbox; the mail worker sends it, with retries. */
export async function queueRecoveryEmail(
  db: Database,
  clock: Clock,
  { to, fullName, link }: RecoveryEmail,
  { siteUrl, replyTo }: { siteUrl: string; replyTo: string },
) {
  const email = createElement(PasswordRecoveryEmail, { fullName, link, siteUrl });
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })]);
  await db.insert(mailOutbox).values({
    kind: "password_recovery",
    toAddress: to,
    replyTo,
    subject: passwordRecoverySubject,
    html,
    text,
    nextAttemptAt: clock.now(),
  });
}
