/**
 * Every kind of e-mail the app sends, each declared beside its template. A new
 * kind is one new `*-email.tsx` file and one line here.
 */
import {
  bookingCancelledMail,
  bookingChangeMail,
  bookingConfirmationMail,
  bookingOwnerMail,
  bookingReminderMail,
} from "../booking/booking-email";
import { eventCancelledByOwnerMail, eventMessageMail } from "../events/event-admin-email";
import {
  eventOwnerMail,
  eventReminderMail,
  eventSignupCancelledMail,
  eventSignupMail,
} from "../events/event-email";
import { newsletterLetterMail } from "../newsletter/letter-email";
import { newsletterConfirmationMail } from "../newsletter/newsletter-email";
import { weeklySummaryMail } from "../stats/weekly-summary-email";
import { accessRequestMail } from "./access-request-email";
import { contactConfirmationMail } from "./contact-confirmation-email";
import { emailConfirmationMail } from "./email-confirmation-email";
import { giftMail } from "./gift-email";
import { giftReminderMail } from "./gift-reminder-email";
import { giftWaitingMail } from "./gift-waiting-email";
import type { MailKind } from "./mail-kind";
import { memberWelcomeMail } from "./member-welcome-email";
import { ownerNotificationMail } from "./owner-notification-email";
import { passwordChangedMail } from "./password-changed-email";
import { passwordRecoveryMail } from "./password-recovery-email";
import { signUpAttemptMail } from "./sign-up-attempt-email";

export const mailKinds = [
  ownerNotificationMail,
  contactConfirmationMail,
  giftMail,
  passwordRecoveryMail,
  emailConfirmationMail,
  passwordChangedMail,
  signUpAttemptMail,
  accessRequestMail,
  giftWaitingMail,
  giftReminderMail,
  memberWelcomeMail,
  // Booking a session (server/booking/).
  bookingConfirmationMail,
  bookingReminderMail,
  bookingCancelledMail,
  bookingOwnerMail,
  // Her message to everyone signed up for an event, and her cancelling (server/events/).
  eventMessageMail,
  eventCancelledByOwnerMail,
  // Events and their sign-ups (server/events/).
  eventSignupMail,
  eventReminderMail,
  eventSignupCancelledMail,
  eventOwnerMail,
  bookingChangeMail,
  // The newsletter's double opt-in (server/newsletter/).
  newsletterConfirmationMail,
  // Her weekly summary of visits and requests („Přehled“, server/stats/).
  weeklySummaryMail,
  // Her letters to the subscribers (server/newsletter/letter-sending.ts).
  newsletterLetterMail,
] as const;

export type MailKindName = (typeof mailKinds)[number]["name"];

const byName: ReadonlyMap<string, MailKind> = new Map(
  mailKinds.map((kind): [string, MailKind] => [kind.name, kind]),
);

/** The kind a stored e-mail names, or undefined for a name no kind has. */
export function findMailKind(name: string): MailKind | undefined {
  return byName.get(name);
}
