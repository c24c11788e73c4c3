/**
 * A sign-up's e-mails: the visitor's answer (a place, with its `.ics` and cancel link; a place
 * on the waiting list; a place freed for someone waiting), the reminder a day before, the
 * cancellation, and the owner's notice of each. The visitor's go to whatever address was typed,
 * so they quote nothing she typed (no name, no note): only the event, its time and place.
 */
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { zOrZe } from "#shared/czech-numbers";
import { placesCount } from "#shared/events";
import { adminEventPath, paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { CancelLink, PersonDetails, appointmentTime as when } from "../mail/appointment-email";
import { calendarFile } from "../mail/calendar-file";
import { EmailButton, EmailLayout, pragueTime, Signature, textStyle } from "../mail/email-layout";
import { defineMailKind, storedDateSchema } from "../mail/mail-kind";

export const occasionSchema = z.object({
  /** The sign-up's id: the calendar event's UID, so a cancellation replaces it. */
  signupId: z.string(),
  title: z.string(),
  startsAt: storedDateSchema,
  endsAt: storedDateSchema,
  /** The address, or „Online“ with her note. */
  place: z.string(),
  places: z.number().int().positive(),
  eventUrl: z.string(),
  siteUrl: z.string(),
});
export type Occasion = z.output<typeof occasionSchema>;

export function occasionCalendarFile(
  occasion: Occasion,
  status: "confirmed" | "cancelled",
  ownerName: string,
) {
  return calendarFile({
    id: occasion.signupId,
    siteUrl: occasion.siteUrl,
    product: "Akce",
    filename: "akce.ics",
    start: occasion.startsAt,
    end: occasion.endsAt,
    summary: `${occasion.title} – ${ownerName}`,
    description: status === "confirmed" ? "Místo na akci je vaše." : "Přihláška je zrušená.",
    location: occasion.place,
    url: occasion.eventUrl,
    status,
  });
}

export const eventSubjects = {
  confirmed: "Přihláška je potvrzená",
  waitlisted: "Jste na čekací listině",
  promoted: "Uvolnilo se místo – je vaše",
  reminder: "Připomínka: zítra se uvidíme",
  cancelled: "Přihláška je zrušená",
} as const;

const visitorFooter = czech(
  "Tento e-mail vám přišel, protože se na webu někdo přihlásil na akci s vaší adresou. Pokud to nejste vy, stačí e-mail smazat nebo mi odpovědět.",
);

const answerSchema = occasionSchema.extend({
  state: z.enum(["confirmed", "waitlisted", "promoted"]),
  cancelLink: z.string(),
  cancelUntil: storedDateSchema,
});

export function EventSignupEmail(data: z.output<typeof answerSchema>) {
  const subject = eventSubjects[data.state];
  const lines = {
    confirmed: `děkuji za přihlášku: ${data.title}, ${when(data)}. Máte ${placesCount(data.places)}, těším se na vás.`,
    waitlisted: `děkuji za přihlášku: ${data.title}, ${when(data)}. Akce je teď plně obsazená, a tak jsem vás zapsala na čekací listinu. Jakmile se místo uvolní, dostanete ho a dám vám vědět e-mailem.`,
    promoted: `uvolnilo se místo na akci ${data.title}, ${when(data)}, a je vaše: máte ${placesCount(data.places)}. Těším se na vás.`,
  };
  return (
    <EmailLayout preview={subject} heading={subject} siteUrl={data.siteUrl} footer={visitorFooter}>
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>{czech(lines[data.state])}</Text>
      <Text style={textStyle}>{czech(`Místo: ${data.place}`)}</Text>
      {data.state === "waitlisted" ? null : (
        <Text style={textStyle}>
          {czech("Do kalendáře si akci přidáte souborem akce.ics v příloze.")}
        </Text>
      )}
      <Text style={textStyle}>
        {czech(
          `${data.state === "waitlisted" ? "Pokud už o místo nestojíte" : "Kdyby vám do toho něco vstoupilo"}, můžete přihlášku zrušit do ${pragueTime.format(data.cancelUntil)}:`,
        )}
      </Text>
      <CancelLink href={data.cancelLink} label="Zrušit přihlášku" />
      <Signature />
    </EmailLayout>
  );
}

export const eventSignupMail = defineMailKind({
  name: "event_signup",
  dataSchema: answerSchema,
  subject: (data) => `${eventSubjects[data.state]}: ${data.title}`,
  render: (data) => createElement(EventSignupEmail, data),
  secretLinks: ["cancelLink"],
  attachments: (data, sender) =>
    data.state === "waitlisted" ? [] : [occasionCalendarFile(data, "confirmed", sender.ownerName)],
});

export function EventReminderEmail(data: Occasion) {
  return (
    <EmailLayout
      preview={eventSubjects.reminder}
      heading={eventSubjects.reminder}
      siteUrl={data.siteUrl}
      footer={visitorFooter}
    >
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>
        {czech(`připomínám akci, na kterou se chystáte: ${data.title}, ${when(data)}.`)}
      </Text>
      <Text style={textStyle}>{czech(`Místo: ${data.place}`)}</Text>
      <Text style={textStyle}>
        {czech("Kdyby se něco změnilo, odpovězte mi prosím na tento e-mail.")}
      </Text>
      <Signature />
    </EmailLayout>
  );
}

/** Sent a day before the event (the outbox's due time), unless the place was given up. */
export const eventReminderMail = defineMailKind({
  name: "event_reminder",
  dataSchema: occasionSchema,
  subject: (data) => `${eventSubjects.reminder} – ${data.title}`,
  render: (data) => createElement(EventReminderEmail, data),
});

const cancelledSchema = occasionSchema.extend({ hadPlace: z.boolean() });

export function EventSignupCancelledEmail(data: z.output<typeof cancelledSchema>) {
  return (
    <EmailLayout
      preview={eventSubjects.cancelled}
      heading={eventSubjects.cancelled}
      siteUrl={data.siteUrl}
      footer={visitorFooter}
    >
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>
        {czech(`vaše přihláška na akci ${data.title} (${when(data)}) je zrušená.`)}
      </Text>
      <Text style={textStyle}>
        {czech(
          data.hadPlace
            ? "Soubor v příloze ji odebere z vašeho kalendáře. Děkuji za zprávu – místo teď může dostat někdo další."
            : "Děkuji za zprávu. Budu ráda, když se uvidíme na některé z dalších akcí.",
        )}
      </Text>
      <Signature />
    </EmailLayout>
  );
}

export const eventSignupCancelledMail = defineMailKind({
  name: "event_signup_cancelled",
  dataSchema: cancelledSchema,
  subject: (data) => `${eventSubjects.cancelled}: ${data.title}`,
  render: (data) => createElement(EventSignupCancelledEmail, data),
  attachments: (data, sender) =>
    data.hadPlace ? [occasionCalendarFile(data, "cancelled", sender.ownerName)] : [],
});

const ownerSchema = occasionSchema.extend({
  /** The event's id, for her link to its sign-ups; e-mails stored before it existed have none. */
  eventId: z.optional(z.string()),
  change: z.enum(["confirmed", "waitlisted", "promoted", "cancelled"]),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  takenPlaces: z.number().int(),
  capacity: z.number().int(),
});

const ownerHeadings = {
  confirmed: "Nová přihláška",
  waitlisted: "Nová přihláška na čekací listinu",
  promoted: "Místo z čekací listiny obsazeno",
  cancelled: "Zrušená přihláška",
} as const;

export function EventOwnerEmail(data: z.output<typeof ownerSchema>) {
  const heading = ownerHeadings[data.change];
  return (
    <EmailLayout preview={heading} heading={heading} siteUrl={data.siteUrl}>
      <Text style={textStyle}>
        {czech(`${data.title}, ${when(data)}`)}
        <br />
        {czech(
          `${placesCount(data.places)}; obsazeno ${data.takenPlaces} ${zOrZe(data.capacity)} ${data.capacity}.`,
        )}
      </Text>
      <PersonDetails {...data} />
      {/* One tap to the event's sign-ups and waiting list (through the sign-in when needed). */}
      <EmailButton
        href={`${data.siteUrl}${data.eventId ? adminEventPath(data.eventId) : paths.adminEvents}`}
      >
        Otevřít přihlášky v administraci
      </EmailButton>
    </EmailLayout>
  );
}

/** To her, as the forms notify her: every sign-up, place from the waiting list and cancellation. */
export const eventOwnerMail = defineMailKind({
  name: "event_owner_notification",
  dataSchema: ownerSchema,
  subject: (data) => `${ownerHeadings[data.change]}: ${data.name}, ${data.title}`,
  render: (data) => createElement(EventOwnerEmail, data),
});
