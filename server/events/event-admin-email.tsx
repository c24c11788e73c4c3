/**
 * Her e-mails to the people of an event from the administration: her message to everyone
 * signed up („Napsat všem přihlášeným“), her own subject and text under the event's title and
 * time; and the news that she cancelled the event, or one person's sign-up, with the `.ics`
 * that takes the event out of the person's calendar (its UID is the sign-up's, as the
 * confirmation's was). One e-mail per person; replies come to her.
 */
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { formatPragueLongRange } from "#shared/prague-time";
import { czech } from "#shared/typography";
import { EmailLayout, MultilineText, Signature, textStyle } from "../mail/email-layout";
import { defineMailKind, storedDateSchema } from "../mail/mail-kind";
import { occasionCalendarFile, occasionSchema } from "./event-email";

const messageSchema = z.object({
  subject: z.string(),
  text: z.string(),
  title: z.string(),
  startsAt: storedDateSchema,
  endsAt: storedDateSchema,
  /** The event's page. */
  eventLink: z.string(),
  siteUrl: z.string(),
});

const footer = czech(
  "Tento e-mail vám přišel kvůli vaší přihlášce na mou akci. Na zprávu mi můžete rovnou odpovědět.",
);

export function EventMessageEmail(data: z.output<typeof messageSchema>) {
  return (
    <EmailLayout
      preview={data.subject}
      heading={data.subject}
      siteUrl={data.siteUrl}
      footer={footer}
    >
      <Text style={textStyle}>
        <Link href={data.eventLink}>{czech(data.title)}</Link>
        <br />
        {formatPragueLongRange(data.startsAt, data.endsAt)}
      </Text>
      <MultilineText text={czech(data.text)} />
      <Signature />
    </EmailLayout>
  );
}

export const eventMessageMail = defineMailKind({
  name: "event_message",
  dataSchema: messageSchema,
  subject: (data) => data.subject,
  render: (data) => createElement(EventMessageEmail, data),
});

const cancelledSchema = occasionSchema.extend({
  /** The whole event, or only this person's sign-up. */
  what: z.enum(["event", "signup"]),
  /** Had a place (and so the event in a calendar), or was waiting for one. */
  hadPlace: z.boolean(),
});

const cancelledSubjects = {
  event: "Akce je zrušená",
  signup: "Vaše přihláška je zrušená",
} as const;

export function EventCancelledByOwnerEmail(data: z.output<typeof cancelledSchema>) {
  const subject = cancelledSubjects[data.what];
  const when = formatPragueLongRange(data.startsAt, data.endsAt);
  return (
    <EmailLayout preview={subject} heading={subject} siteUrl={data.siteUrl} footer={footer}>
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>
        {czech(
          data.what === "event"
            ? `je mi líto, ale akci ${data.title} (${when}) musím zrušit.`
            : `vaši přihlášku na akci ${data.title} (${when}) jsem zrušila.`,
        )}
      </Text>
      {data.hadPlace ? (
        <Text style={textStyle}>
          {czech("Soubor akce.ics v příloze ji odebere z vašeho kalendáře.")}
        </Text>
      ) : null}
      <Text style={textStyle}>
        {czech(
          data.what === "event"
            ? "Budu ráda, když přijdete na některou z dalších akcí. Máte-li jakýkoli dotaz, stačí odpovědět na tento e-mail."
            : "Máte-li jakýkoli dotaz, stačí odpovědět na tento e-mail.",
        )}
      </Text>
      <Signature />
    </EmailLayout>
  );
}

export const eventCancelledByOwnerMail = defineMailKind({
  name: "event_cancelled_by_owner",
  dataSchema: cancelledSchema,
  subject: (data) => `${cancelledSubjects[data.what]}: ${data.title}`,
  render: (data) => createElement(EventCancelledByOwnerEmail, data),
  attachments: (data, sender) =>
    data.hadPlace ? [occasionCalendarFile(data, "cancelled", sender.ownerName)] : [],
});
