/**
 * The newsletter's e-mails as the outbox stores them (kept apart from the template, which the
 * list of mail kinds imports, so that the outbox and the kinds do not import each other).
 */
import { type ComposedMail, composeMail, type MailSettings } from "../mail/outbox";
import { type ConfirmationData, newsletterConfirmationMail } from "./newsletter-email";

/** The confirmation e-mail of a sign-up, answered to her inbox. */
export function composeNewsletterConfirmation(
  subscriber: { email: string; name: string | null; source: ConfirmationData["source"] },
  link: string,
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">,
): ComposedMail {
  return composeMail(newsletterConfirmationMail, {
    to: subscriber.email,
    replyTo: settings.notifyEmail,
    data: { name: subscriber.name, source: subscriber.source, link, siteUrl: settings.siteUrl },
  });
}
