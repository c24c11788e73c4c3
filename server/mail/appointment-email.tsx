/**
 * What the e-mails of an appointment share, a booked session's and an event's place alike: its
 * time in one line, the cancel link, and the person in the owner's notice.
 */
import { Text } from "@react-email/text";
import { formatPragueLongRange } from "#shared/prague-time";
import { EmailButton, MultilineText, textStyle } from "./email-layout";

/** „5. května 2026 v 10:00–13:00“ */
export function appointmentTime({ startsAt, endsAt }: { startsAt: Date; endsAt: Date }) {
  return formatPragueLongRange(startsAt, endsAt);
}

/** The button, and the address written out for a mail client that shows no buttons. */
export function CancelLink({ href, label }: { href: string; label: string }) {
  return (
    <>
      <EmailButton href={href}>{label}</EmailButton>
      <Text style={textStyle}>{href}</Text>
    </>
  );
}

/** Who booked or signed up, for her notice: as typed, with the phone and note when given. */
export function PersonDetails({
  name,
  email,
  phone,
  note,
}: {
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
}) {
  return (
    <>
      <Text style={textStyle}>
        {name}
        <br />
        {email}
        {phone ? (
          <>
            <br />
            {phone}
          </>
        ) : null}
      </Text>
      {note ? <MultilineText text={note} /> : null}
    </>
  );
}
