/**
 * Her message to everyone signed up for an event („Napsat všem přihlášeným“): her own subject
 * and text, under the event's title and time, one e-mail per person. Replies come to her.
 */
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { formatPragueTime } from "#shared/prague-time";
import { czech } from "#shared/typography";
import { EmailLayout, MultilineText, pragueTime, Signature, textStyle } from "../mail/email-layout";
import { defineMailKind, storedDateSchema } from "../mail/mail-kind";

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
  "Tento e-mail vám přišel, protože jste přihlášeni na mou akci. Na zprávu mi můžete rovnou odpovědět.",
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
        {czech(`${pragueTime.format(data.startsAt)} – ${formatPragueTime(data.endsAt)}`)}
      </Text>
      <MultilineText text={data.text} />
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
