/**
 * Her events in the administration beyond creating and changing one (`events-schemas.ts`):
 * what the list and one event's people answer, and what a repeat and a message to everyone
 * signed up take, checked the same in her screen and the API, with their Czech messages.
 * Administration only (it builds zod schemas).
 */
import * as z from "zod/mini";
import { maxOccurrences, monthWeeks } from "./event-repeats";
import type { EventInputPayload } from "./events-schemas";

export const eventAdminMessages = {
  notFound: "Tuto akci jsem nenašla. Možná ji mezitím někdo smazal.",
  slugTaken: "Tuto adresu už má jiná akce. Zvolte prosím jinou.",
  versionConflict:
    "Akci mezitím změnil někdo jiný. Načtěte ji prosím znovu, ať nepřepíšete jeho změny.",
  capacityBelowTaken: "Počet míst nemůže být menší, než kolik je už obsazeno.",
  photoMissing: "Tuto fotku jsem v knihovně nenašla. Vyberte prosím jinou.",
  signupNotFound: "Tuto přihlášku jsem nenašla.",
  onlyDraftDeleted: "Smazat jde jen koncept. Zveřejněnou akci můžete zrušit.",
  draftNotCancelled: "Koncept nikdo nevidí, stačí ho smazat.",
  alreadyCancelled: "Akce už je zrušená.",
  pastNotCancelled: "Akce už proběhla, zrušit ji nejde.",
  pastSignupNotCancelled: "Akce už proběhla, přihlášky na ni rušit nejde.",
  cancelledNotRepeated: "Zrušenou akci opakovat nejde.",
  signupAlreadyCancelled: "Přihláška už je zrušená.",
  nobodySignedUp: "Na akci zatím nikdo není přihlášený, zprávu není komu poslat.",
  draftNoMessage: "Koncept nikdo nevidí, zprávu není komu poslat.",
  rule: "Vyberte prosím, jak se má akce opakovat.",
  ruleNotFitting: "Takové opakování k datu akce nesedí. Vyberte prosím jiné.",
  until: "Zadejte prosím datum, do kdy se má akce opakovat.",
  untilBeforeNext: "Do zvoleného data nevychází žádný další termín. Zvolte prosím pozdější datum.",
  tooMany: `Najednou jde vytvořit nejvýše ${maxOccurrences} termínů. Zvolte prosím dřívější datum.`,
  subject: "Napište prosím předmět zprávy (nejvýše 150 znaků).",
  text: "Napište prosím text zprávy (nejvýše 5000 znaků).",
  movedIntoPast: "Akci nejde přesunout do minulosti.",
  startsInPast: "Začátek akce musí být v budoucnosti.",
} as const;

export const eventMessageLimits = { subject: 150, text: 5000 } as const;

const ruleSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("weekly") }),
    z.strictObject({ kind: z.literal("fortnightly") }),
    z.strictObject({
      kind: z.literal("monthly"),
      week: z.enum(monthWeeks, eventAdminMessages.rule),
    }),
  ],
  eventAdminMessages.rule,
);

const daySchema = z.string(eventAdminMessages.until).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, eventAdminMessages.until),
  z.refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, eventAdminMessages.until),
);

/** „Opakovat“: the rule and the last day (Prague) an occurrence may fall on. */
export const eventRepeatSchema = z.strictObject({
  rule: ruleSchema,
  until: daySchema,
});
export type EventRepeatRequest = z.output<typeof eventRepeatSchema>;

/** „Napsat všem přihlášeným“. */
export const eventMessageSchema = z.strictObject({
  subject: z
    .string(eventAdminMessages.subject)
    .check(
      z.trim(),
      z.minLength(1, eventAdminMessages.subject),
      z.maxLength(eventMessageLimits.subject, eventAdminMessages.subject),
    ),
  text: z
    .string(eventAdminMessages.text)
    .check(
      z.trim(),
      z.minLength(1, eventAdminMessages.text),
      z.maxLength(eventMessageLimits.text, eventAdminMessages.text),
    ),
});
export type EventMessageRequest = z.output<typeof eventMessageSchema>;

export type EventState = "draft" | "published" | "cancelled";
export type EventSignupState = "confirmed" | "waitlisted" | "cancelled";

/** How full an event is: places taken of its capacity, and how many wait. */
export type EventCountsJson = {
  capacity: number;
  takenPlaces: number;
  freePlaces: number;
  confirmed: number;
  waitlisted: number;
  cancelled: number;
};

/** One event in her list. */
export type EventSummaryJson = {
  id: string;
  slug: string;
  title: string;
  state: EventState;
  startsAt: string;
  endsAt: string;
  seriesId: string | null;
  counts: EventCountsJson;
};

/** Her list: upcoming ones first (the nearest on top), then drafts, then past ones (newest on top). */
export type EventListJson = {
  upcoming: EventSummaryJson[];
  drafts: EventSummaryJson[];
  past: EventSummaryJson[];
};

/** One person's sign-up as she sees it. */
export type EventSignupJson = {
  id: string;
  state: EventSignupState;
  name: string;
  email: string;
  phone: string | null;
  places: number;
  note: string | null;
  createdAt: string;
  cancelledAt: string | null;
};

/** What the repeat created, and what a message or a cancellation reached. */
export type EventRepeatJson = { created: EventSummaryJson[] };
export type EventMessageJson = { recipients: number };
export type EventCancelJson = { told: number };

/** The fields of an event as her form sends them (the model's own input). */
export type EventFormPayload = EventInputPayload;
