import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import type { FormType } from "#shared/form-schemas";
import { ContactConfirmationEmail, contactConfirmationSubject } from "./contact-confirmation-email";
import { GiftEmail, giftContent } from "./gift-email";
import {
  OwnerNotificationEmail,
  ownerNotificationSubject,
  type SubmissionForMail,
} from "./owner-notification-email";

export type MailSettings = {
  /** The practitioner's inbox. */
  notifyEmail: string;
  siteUrl: string;
  giftLinks: { ritual: string; fragrance: string };
};

export type MailKind = "owner_notification" | "gift_delivery" | "contact_confirmation";

/** A message ready for the outbox: addresses, subject, HTML and plain text. */
export type ComposedMail = {
  kind: MailKind;
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
};

/** The e-mails one submission sends: always one to the practitioner, one to the visitor. */
export async function composeSubmissionMail(
  stored: Omit<SubmissionForMail, "formType"> & { formType: string },
  settings: MailSettings,
): Promise<ComposedMail[]> {
  const submission = {
    ...stored,
    formType: stored.formType as FormType,
    // A name is shown in subjects and greetings: one line, no control characters.
    name: toOneLine(stored.name),
  };
  const { siteUrl } = settings;
  const toOwner = await renderMail(createElement(OwnerNotificationEmail, { submission, siteUrl }));
  const mails: ComposedMail[] = [
    {
      kind: "owner_notification",
      to: settings.notifyEmail,
      replyTo: submission.email,
      subject: ownerNotificationSubject(submission),
      ...toOwner,
    },
  ];
  if (submission.formType === "contact") {
    mails.push({
      kind: "contact_confirmation",
      to: submission.email,
      replyTo: settings.notifyEmail,
      subject: contactConfirmationSubject,
      ...(await renderMail(
        createElement(ContactConfirmationEmail, {
          name: submission.name,
          message: submission.message ?? "",
          siteUrl,
        }),
      )),
    });
  } else {
    const link =
      submission.formType === "gift_ritual"
        ? settings.giftLinks.ritual
        : settings.giftLinks.fragrance;
    mails.push({
      kind: "gift_delivery",
      to: submission.email,
      replyTo: settings.notifyEmail,
      subject: giftContent[submission.formType].subject,
      ...(await renderMail(
        createElement(GiftEmail, {
          formType: submission.formType,
          name: submission.name,
          link,
          siteUrl,
        }),
      )),
    });
  }
  return mails;
}

// Headings stay as written: upper case would make a Czech name hard to read.
const plainTextOptions = {
  selectors: [{ selector: "h1", options: { uppercase: false } }],
};

async function renderMail(email: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(email),
    render(email, { plainText: true, htmlToTextOptions: plainTextOptions }),
  ]);
  return { html, text };
}

function toOneLine(text: string): string {
  return text.replace(/[\s\p{Cc}]+/gu, " ").trim();
}
