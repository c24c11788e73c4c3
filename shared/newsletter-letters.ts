/**
 * Her letters to the subscribers (issue 37; docs/decisions/0038-newsletter-letters.md): the
 * letter's fields as her screen sends them (checked the same on the server), the JSON the
 * administration's API answers, its paths and its Czech refusals. Administration only (it builds
 * zod schemas): never imported by a public page.
 */
import * as z from "zod/mini";

/**
 * A letter's states: written, waiting for its time, going out, gone out, called off, or stopped
 * while going out (those who had not got it yet never will).
 */
export const letterStates = [
  "draft",
  "scheduled",
  "sending",
  "sent",
  "cancelled",
  "stopped",
] as const;
export type LetterState = (typeof letterStates)[number];

/**
 * One recipient's letter: waiting or in the outbox, sent, refused, left out (not confirmed any
 * more), or never sent because she stopped the letter.
 */
export const letterDeliveryStates = ["queued", "sent", "failed", "skipped", "stopped"] as const;
export type LetterDeliveryState = (typeof letterDeliveryStates)[number];

/** One word for each state, everywhere she sees it. */
export const letterStateLabels = {
  draft: "koncept",
  scheduled: "naplánovaný",
  sending: "odesílá se",
  sent: "odeslaný",
  cancelled: "zrušený",
  stopped: "zastavený",
} as const satisfies Record<LetterState, string>;

export const letterLimits = {
  subject: 150,
  /** The body's HTML as the editor sends it (the column's CHECK allows this much). */
  body: 200_000,
  /** Her sending rate, letters an hour. */
  minPerHour: 1,
  maxPerHour: 1_000_000,
  defaultPerHour: 200,
} as const;

/** What the subject of a test letter to herself starts with. */
export const testLetterPrefix = "[Zkouška]";

export const letterMessages = {
  subject: `Napište prosím předmět dopisu (nejvýše ${letterLimits.subject} znaků).`,
  body: "Napište prosím text dopisu.",
  bodyTooLong: "Dopis je příliš dlouhý. Zkraťte ho prosím.",
  announcement: "Vyberte prosím článek nebo akci, kterou chcete v dopise ohlásit.",
  articleNotFound: "Tento článek jsem nenašla. Vyberte prosím jiný.",
  eventNotFound: "Tuto akci jsem nenašla. Vyberte prosím jinou.",
  scheduledAt: "Zadejte prosím, kdy se má dopis odeslat.",
  scheduledInPast: "Tento čas už minul. Zvolte prosím čas v budoucnu.",
  notFound: "Tento dopis jsem nenašla. Možná ho mezitím někdo smazal.",
  stale: "Dopis mezitím změnil někdo jiný. Načtěte ho prosím znovu.",
  notDraft: "Dopis už je odeslaný nebo naplánovaný, takže ho nejde měnit.",
  alreadySent: "Tento dopis už odešel (nebo se právě odesílá), podruhé ho poslat nejde.",
  notScheduled: "Zrušit jde jen naplánovaný dopis.",
  notSending: "Zastavit jde jen dopis, který se právě odesílá. Tento už se neodesílá.",
  otherSending:
    "Právě se odesílá jiný dopis. Počkejte prosím, až odejde, a pak tento pošlete nebo naplánujte.",
  noSubscribers: "Zatím nemáte žádného přihlášeného odběratele, dopis není komu poslat.",
  rate: `Zadejte prosím, kolik dopisů za hodinu se smí odeslat (${letterLimits.minPerHour} až ${letterLimits.maxPerHour}).`,
  testSent: "Zkušební dopis jsem poslala na vaši adresu.",
} as const;

/** Every refusal's code, as the API answers it (`{ error: { code, message } }`). */
export const letterErrorCodes = {
  notFound: "letter_not_found",
  stale: "letter_stale",
  notDraft: "letter_not_draft",
  alreadySent: "letter_already_sent",
  notScheduled: "letter_not_scheduled",
  notSending: "letter_not_sending",
  otherSending: "letter_other_sending",
  noSubscribers: "letter_no_subscribers",
  scheduledInPast: "letter_scheduled_in_past",
  articleNotFound: "letter_article_not_found",
  eventNotFound: "letter_event_not_found",
  /** A body that is empty once the sanitizer has removed what may not be in it. */
  emptyBody: "letter_empty_body",
} as const;

/** The administration's API of the letters, relative to /api (`server/newsletter/letters-admin-api.ts`). */
export const letterApiPaths = {
  /** GET: the list with each letter's figures; POST: a new draft. */
  letters: "/admin/newsletter/letters",
  /** GET: one letter; PUT: change a draft. */
  letter: "/admin/newsletter/letters/:id",
  /** GET: the letter as the subscribers get it (HTML for an iframe, and the text). */
  preview: "/admin/newsletter/letters/:id/preview",
  /** POST: a test to her own address („[Zkouška]“; not counted). */
  test: "/admin/newsletter/letters/:id/test",
  /** POST: send to every confirmed subscriber now. */
  send: "/admin/newsletter/letters/:id/send",
  /** POST `{ scheduledAt }`: send at that time. */
  schedule: "/admin/newsletter/letters/:id/schedule",
  /** POST: a scheduled letter called off (cancelled; it can be changed, sent or scheduled again). */
  cancel: "/admin/newsletter/letters/:id/cancel",
  /** POST: a sending letter stopped (those who have not got it yet will not). */
  stop: "/admin/newsletter/letters/:id/stop",
  /** GET / PUT `{ lettersPerHour }`: her sending rate. */
  rate: "/admin/newsletter/sending-rate",
} as const;

const uuidSchema = (message: string) => z.string(message).check(z.uuid(message));

/** A letter may announce one article or one event (with its photo, title, date and a button). */
export const letterAnnouncementSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("article"),
      id: uuidSchema(letterMessages.articleNotFound),
    }),
    z.strictObject({ kind: z.literal("event"), id: uuidSchema(letterMessages.eventNotFound) }),
  ],
  letterMessages.announcement,
);
export type LetterAnnouncement = z.output<typeof letterAnnouncementSchema>;

const strictParams = {
  error: (issue: { code?: string }) =>
    issue.code === "unrecognized_keys"
      ? "Formulář obsahuje pole, které k němu nepatří"
      : "Odeslaná data nemají správný tvar",
};

/**
 * A letter as her screen sends it (`POST` a new one, `PUT` a draft). The body is the editor's
 * HTML; the server sanitizes it (and refuses one with nothing left to read). `version` is the
 * version she changed (a change of an older one is refused), absent for a new letter.
 */
export const letterInputSchema = /* @__PURE__ */ z.strictObject(
  {
    subject: z
      .string(letterMessages.subject)
      .check(
        z.trim(),
        z.minLength(1, letterMessages.subject),
        z.maxLength(letterLimits.subject, letterMessages.subject),
      ),
    body: z
      .string(letterMessages.body)
      .check(
        z.trim(),
        z.minLength(1, letterMessages.body),
        z.maxLength(letterLimits.body, letterMessages.bodyTooLong),
      ),
    announcement: z.optional(z.nullable(letterAnnouncementSchema)),
    version: z.optional(z.int().check(z.minimum(1))),
  },
  strictParams,
);
export type LetterInputPayload = z.input<typeof letterInputSchema>;
export type LetterInput = z.output<typeof letterInputSchema>;

/** „Naplánovat“: the moment, ISO with its offset (her screen turns her Prague time into it). */
export const letterScheduleSchema = /* @__PURE__ */ z.strictObject(
  {
    scheduledAt: z.iso.datetime({ offset: true, error: letterMessages.scheduledAt }),
  },
  strictParams,
);
export type LetterSchedulePayload = z.input<typeof letterScheduleSchema>;

/** Her sending rate. */
export const letterRateSchema = /* @__PURE__ */ z.strictObject(
  {
    lettersPerHour: z
      .int(letterMessages.rate)
      .check(
        z.minimum(letterLimits.minPerHour, letterMessages.rate),
        z.maximum(letterLimits.maxPerHour, letterMessages.rate),
      ),
  },
  strictParams,
);
export type LetterRatePayload = z.input<typeof letterRateSchema>;

/**
 * A letter's figures: its recipients (deliveries written so far), how many are still waiting,
 * sent, refused, left out, and how many of those who received it unsubscribed after it
 * started going out.
 */
export type LetterFiguresJson = {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  unsubscribedAfter: number;
};

/** The figures of a letter with no deliveries (yet): a draft, or one just sent. */
export const noLetterFigures: LetterFiguresJson = {
  recipients: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unsubscribedAfter: 0,
};

/** One letter in her list. */
export type LetterSummaryJson = {
  id: string;
  subject: string;
  state: LetterState;
  /** Scheduled: when it goes; sending or sent: when it started. */
  scheduledAt: string | null;
  createdAt: string;
  updatedAt: string;
  sendingStartedAt: string | null;
  sentAt: string | null;
  figures: LetterFiguresJson;
};

/** What the announcement block shows (null fields: the article or event has none). */
export type LetterAnnouncementJson = LetterAnnouncement & {
  title: string;
  /** As the letter writes it: the article's date („29. 3. 2026“), the event's start („27. listopadu 2026 v 9:30“). */
  dateText: string | null;
  url: string;
  photoUrl: string | null;
};

/** One letter, to change or look at. */
export type LetterJson = LetterSummaryJson & {
  body: string;
  version: number;
  /** Null: none, or the article or event is gone. */
  announcement: LetterAnnouncementJson | null;
};

/** Her list: the newest first, with her rate and how many would get a letter now. */
export type LetterListJson = {
  letters: LetterSummaryJson[];
  lettersPerHour: number;
  confirmedSubscribers: number;
};

/** The letter as a subscriber gets it (an unsubscribe link that goes nowhere in it). */
export type LetterPreviewJson = { subject: string; html: string; text: string };

/** What a test letter reached. */
export type LetterTestJson = { sentTo: string };

/** Her sending rate. */
export type LetterRateJson = { lettersPerHour: number };
