/**
 * A booking's e-mails: the visitor's confirmation (with its `.ics` and cancel
 * link), her reminder a day before, the cancellation, and the owner's notice.
 * The visitor's go to whatever address was typed, so they quote nothing she
 * wrote (no name, no note): only the offer, the time and the link.
 */
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { adminBookingPath } from "#shared/routes";
import { czech } from "#shared/typography";
import { CancelLink, PersonDetails, appointmentTime as when } from "../mail/appointment-email";
import { calendarFile } from "../mail/calendar-file";
import {
  EmailButton,
  EmailLayout,
  MultilineText,
  pragueTime,
  Signature,
  textStyle,
} from "../mail/email-layout";
import { defineMailKind, type MailAttachment, storedDateSchema } from "../mail/mail-kind";

const sessionSchema = z.object({
  /** The booking's id: the calendar event's UID, so a cancellation replaces it. */
  bookingId: z.string(),
  offerName: z.string(),
  startsAt: storedDateSchema,
  endsAt: storedDateSchema,
  siteUrl: z.string(),
  /**
   * The calendar file's SEQUENCE (the booking's, raised by each change). E-mails stored before
   * it existed have none: their cancellation outranks the first file with 1, as it did then.
   */
  sequence: z.optional(z.number()),
});
type Session = z.output<typeof sessionSchema>;

/** The session as a calendar file: published (or cancelled) with the booking's UID. */
function sessionCalendarFile(
  session: Session,
  status: "pending" | "confirmed" | "cancelled",
  ownerName: string,
): MailAttachment {
  return calendarFile({
    id: session.bookingId,
    siteUrl: session.siteUrl,
    product: "Rezervace",
    filename: "rezervace.ics",
    start: session.startsAt,
    end: session.endsAt,
    summary: `${session.offerName} – ${ownerName}`,
    description:
      status === "pending"
        ? "Rezervace čeká na potvrzení."
        : status === "confirmed"
          ? "Rezervace je potvrzená."
          : "Rezervace je zrušená.",
    status: status === "pending" ? "tentative" : status,
    // A change must outrank the file a calendar kept before it (same UID, higher SEQUENCE).
    sequence: session.sequence,
  });
}

export const bookingSubjects = {
  pending: "Rezervace čeká na potvrzení",
  confirmed: "Rezervace je potvrzená",
  reminder: "Připomínka: zítra se uvidíme",
  cancelled: "Rezervace je zrušená",
} as const;

const visitorFooter = czech(
  "Tento e-mail vám přišel, protože na webu někdo rezervoval termín s vaší adresou. Pokud to nejste vy, stačí e-mail smazat nebo mi odpovědět.",
);

export function BookingConfirmationEmail(
  data: Session & { state: "pending" | "confirmed"; cancelLink: string; cancelUntil: Date },
) {
  const subject = bookingSubjects[data.state];
  return (
    <EmailLayout preview={subject} heading={subject} siteUrl={data.siteUrl} footer={visitorFooter}>
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>
        {czech(`děkuji za rezervaci: ${data.offerName}, ${when(data)}.`)}
      </Text>
      <Text style={textStyle}>
        {czech(
          data.state === "pending"
            ? "Termín pro vás držím. Potvrdím vám ho co nejdřív dalším e-mailem."
            : "Termín je potvrzený, těším se na vás.",
        )}
      </Text>
      <Text style={textStyle}>
        {czech("Do kalendáře si ho přidáte souborem rezervace.ics v příloze.")}
      </Text>
      <Text style={textStyle}>
        {czech(
          `Kdyby vám do toho něco vstoupilo, můžete rezervaci zrušit nebo přesunout na jiný volný čas do ${pragueTime.format(data.cancelUntil)}:`,
        )}
      </Text>
      <CancelLink href={data.cancelLink} label="Zrušit nebo přesunout" />
      <Signature />
    </EmailLayout>
  );
}

export const bookingConfirmationMail = defineMailKind({
  name: "booking_confirmation",
  dataSchema: sessionSchema.extend({
    state: z.enum(["pending", "confirmed"]),
    cancelLink: z.string(),
    cancelUntil: storedDateSchema,
  }),
  subject: (data) => bookingSubjects[data.state],
  render: (data) => createElement(BookingConfirmationEmail, data),
  secretLinks: ["cancelLink"],
  attachments: (data, sender) => [sessionCalendarFile(data, data.state, sender.ownerName)],
});

export function BookingReminderEmail(data: Session) {
  return (
    <EmailLayout
      preview={bookingSubjects.reminder}
      heading={bookingSubjects.reminder}
      siteUrl={data.siteUrl}
      footer={visitorFooter}
    >
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>
        {czech(`připomínám vaši rezervaci: ${data.offerName}, ${when(data)}.`)}
      </Text>
      <Text style={textStyle}>
        {czech(
          "Přijďte v pohodlném oblečení a s časem jen pro sebe. Kdyby se něco změnilo, odpovězte mi prosím na tento e-mail.",
        )}
      </Text>
      <Signature />
    </EmailLayout>
  );
}

/** Sent a day before the session (the outbox's due time), unless it was cancelled. */
export const bookingReminderMail = defineMailKind({
  name: "booking_reminder",
  dataSchema: sessionSchema,
  subject: () => bookingSubjects.reminder,
  render: (data) => createElement(BookingReminderEmail, data),
});

export function BookingCancelledEmail(data: Session) {
  return (
    <EmailLayout
      preview={bookingSubjects.cancelled}
      heading={bookingSubjects.cancelled}
      siteUrl={data.siteUrl}
      footer={visitorFooter}
    >
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>
        {czech(`vaše rezervace (${data.offerName}, ${when(data)}) je zrušená.`)}
      </Text>
      <Text style={textStyle}>
        {czech(
          "Soubor v příloze ji odebere z vašeho kalendáře. Budu ráda, když si vyberete jiný termín, až se vám bude hodit.",
        )}
      </Text>
      <Signature />
    </EmailLayout>
  );
}

export const bookingCancelledMail = defineMailKind({
  name: "booking_cancelled",
  dataSchema: sessionSchema,
  subject: () => bookingSubjects.cancelled,
  render: (data) => createElement(BookingCancelledEmail, data),
  attachments: (data, sender) => [sessionCalendarFile(data, "cancelled", sender.ownerName)],
});

const ownerSchema = sessionSchema.extend({
  event: z.enum(["booked", "cancelled", "moved"]),
  /** Where a booking the visitor moved was before. */
  previousStartsAt: z.optional(storedDateSchema),
  state: z.enum(["pending", "confirmed", "declined", "cancelled"]),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
});

const ownerHeadings = {
  booked: "Nová rezervace",
  cancelled: "Zrušená rezervace",
  moved: "Přesunutá rezervace",
} as const;

/** What the owner's notice says happened, under the session's line. */
function ownerEventLine(data: z.output<typeof ownerSchema>): string {
  if (data.event === "booked") {
    return data.state === "pending" ? "Čeká na vaše potvrzení." : "Potvrzená automaticky.";
  }
  if (data.event === "cancelled") {
    return czech("Zrušená odkazem z potvrzovacího e-mailu; čas je zase volný.");
  }
  const before = data.previousStartsAt ? ` z ${pragueTime.format(data.previousStartsAt)}` : "";
  return czech(
    `Přesunutá odkazem z potvrzovacího e-mailu${before}.${data.state === "pending" ? " Čeká na vaše potvrzení." : ""}`,
  );
}

export function BookingOwnerEmail(data: z.output<typeof ownerSchema>) {
  const heading = ownerHeadings[data.event];
  return (
    <EmailLayout preview={heading} heading={heading} siteUrl={data.siteUrl}>
      <Text style={textStyle}>
        {czech(`${data.offerName}, ${when(data)}`)}
        <br />
        {ownerEventLine(data)}
      </Text>
      <PersonDetails {...data} />
      {/* One tap to the booking, where she confirms or declines it (through the sign-in when needed). */}
      <EmailButton href={`${data.siteUrl}${adminBookingPath(data.bookingId)}`}>
        Otevřít rezervaci v administraci
      </EmailButton>
    </EmailLayout>
  );
}

/** To her, as the forms notify her: every booking, cancellation and move by the visitor, with what she wrote. */
export const bookingOwnerMail = defineMailKind({
  name: "booking_owner_notification",
  dataSchema: ownerSchema,
  subject: (data) =>
    `${ownerHeadings[data.event]}: ${data.name}, ${pragueTime.format(data.startsAt)}`,
  render: (data) => createElement(BookingOwnerEmail, data),
});

// Her changes (and the visitor's move by the link): each tells the client with a calendar file
// of the same UID and a higher SEQUENCE, so her calendar updates or removes the event.

export const bookingChanges = ["confirmed", "declined", "moved", "cancelled"] as const;
export type BookingChange = (typeof bookingChanges)[number];

const changeSchema = sessionSchema.extend({
  change: z.enum(bookingChanges),
  /** The state after the change: a moved booking may still wait for her confirmation. */
  state: z.enum(["pending", "confirmed", "declined", "cancelled"]),
  /** Her reason for a decline or cancellation, in her words. */
  reason: z.nullable(z.string()),
  /** Where a moved booking was before. */
  previousStartsAt: z.optional(storedDateSchema),
});
type ChangeData = z.output<typeof changeSchema>;

export const bookingChangeSubjects = {
  confirmed: bookingSubjects.confirmed,
  declined: "Rezervaci bohužel nemohu potvrdit",
  moved: "Rezervace je přesunutá",
  cancelled: bookingSubjects.cancelled,
} as const satisfies Record<BookingChange, string>;

function ChangeLines(data: ChangeData) {
  const session = `${data.offerName}, ${when(data)}`;
  switch (data.change) {
    case "confirmed":
      return (
        <>
          <Text style={textStyle}>{czech(`vaši rezervaci potvrzuji: ${session}.`)}</Text>
          <Text style={textStyle}>
            {czech("Těším se na vás. V kalendáři ji aktualizuje soubor rezervace.ics v příloze.")}
          </Text>
        </>
      );
    case "moved":
      return (
        <>
          <Text style={textStyle}>
            {czech(
              `vaše rezervace je přesunutá: ${data.offerName}, nově ${when(data)}${data.previousStartsAt ? ` (původně ${pragueTime.format(data.previousStartsAt)})` : ""}.`,
            )}
          </Text>
          <Text style={textStyle}>
            {czech(
              data.state === "pending"
                ? "Nový termín vám potvrdím co nejdřív dalším e-mailem. V kalendáři ho změní soubor rezervace.ics v příloze."
                : "V kalendáři ho změní soubor rezervace.ics v příloze. Kdyby vám nový čas nevyhovoval, odpovězte mi prosím na tento e-mail.",
            )}
          </Text>
        </>
      );
    case "declined":
      return (
        <>
          <Text style={textStyle}>
            {czech(`vaši rezervaci (${session}) bohužel nemohu potvrdit.`)}
          </Text>
          {data.reason ? <MultilineText text={data.reason} /> : null}
          <Text style={textStyle}>
            {czech(
              "Soubor v příloze ji odebere z vašeho kalendáře. Budu ráda, když si vyberete jiný termín.",
            )}
          </Text>
        </>
      );
    case "cancelled":
      return (
        <>
          <Text style={textStyle}>
            {czech(`vaši rezervaci (${session}) musím bohužel zrušit.`)}
          </Text>
          {data.reason ? <MultilineText text={data.reason} /> : null}
          <Text style={textStyle}>
            {czech(
              "Omlouvám se. Soubor v příloze ji odebere z vašeho kalendáře. Budu ráda, když si vyberete jiný termín.",
            )}
          </Text>
        </>
      );
  }
}

export function BookingChangeEmail(data: ChangeData) {
  const subject = bookingChangeSubjects[data.change];
  return (
    <EmailLayout preview={subject} heading={subject} siteUrl={data.siteUrl} footer={visitorFooter}>
      <Text style={textStyle}>Dobrý den,</Text>
      <ChangeLines {...data} />
      <Signature />
    </EmailLayout>
  );
}

/** The calendar file's status after a change: a declined or cancelled booking leaves the calendar. */
function calendarStatus(data: ChangeData): "pending" | "confirmed" | "cancelled" {
  if (data.state === "declined" || data.state === "cancelled") return "cancelled";
  return data.state;
}

export const bookingChangeMail = defineMailKind({
  name: "booking_change",
  dataSchema: changeSchema,
  subject: (data) => bookingChangeSubjects[data.change],
  render: (data) => createElement(BookingChangeEmail, data),
  attachments: (data, sender) => [
    sessionCalendarFile(data, calendarStatus(data), sender.ownerName),
  ],
});
