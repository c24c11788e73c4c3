/**
 * Events as the public pages, the e-mails and the API share them, without zod (the public
 * pages' budget): the Czech messages of a sign-up, what a visitor sees of an event's place,
 * price and free places, and the map link made from an address. The schemas that check what
 * a browser sends are in `events-schemas.ts`.
 */
import { paths } from "./routes";

export const eventMessages = {
  notFound: "Tuto akci jsem nenašla. Možná už není v nabídce.",
  full: "Akce je plně obsazená.",
  past: "Tato akce už proběhla.",
  deadlinePassed: "Přihlašování na tuto akci už skončilo.",
  cancelled: "Tato akce je zrušená.",
  alreadySignedUp:
    "Na tuto akci už je přihláška s touto e-mailovou adresou. Pokud chcete něco změnit, napište mi prosím.",
  places: "Vyberte prosím, kolik míst chcete.",
  tokenInvalid: "Tento odkaz pro zrušení neplatí. Možná už byla přihláška zrušená.",
  cancelTooLate: "Přihlášku už přes odkaz zrušit nejde – přihlašování skončilo. Napište mi prosím.",
  signupCancelled: "Děkuji za zprávu. Budu ráda, když se uvidíme na některé z dalších akcí.",
  rateLimited:
    "Z vaší adresy teď přišlo příliš mnoho přihlášek za krátkou dobu. Zkuste to prosím znovu za chvíli, nebo mi napište.",
} as const;

/** „Na jednu přihlášku můžete vzít nejvýše 3 místa.“ */
export function tooManyPlacesMessage(max: number): string {
  return `Na jednu přihlášku můžete vzít nejvýše ${placesCount(max)}.`;
}

/** „1 místo“, „3 místa“, „5 míst“. */
export function placesCount(count: number): string {
  if (count === 1) return "1 místo";
  if (count >= 2 && count <= 4) return `${count} místa`;
  return `${count} míst`;
}

/** „Zbývá 1 volné místo“, „Zbývají 3 volná místa“, „Zbývá 7 volných míst“, „Obsazeno“. */
export function freePlacesText(free: number): string {
  if (free <= 0) return "Obsazeno";
  if (free === 1) return "Zbývá 1 volné místo";
  if (free <= 4) return `Zbývají ${free} volná místa`;
  return `Zbývá ${free} volných míst`;
}

/** „450 Kč“, or „Zdarma“. */
export function eventPriceText(priceCzk: number | null): string {
  if (priceCzk === null || priceCzk === 0) return "Zdarma";
  return `${new Intl.NumberFormat("cs-CZ").format(priceCzk)}\u00a0Kč`;
}

/** A search for the address on mapy.cz (the Czech map most of her visitors use). */
export function mapLink(address: string): string {
  return `https://mapy.cz/zakladni?q=${encodeURIComponent(address.trim())}`;
}

/** The page of an event. */
export function eventPath(slug: string): string {
  return `${paths.events}/${slug}`;
}

/**
 * The sign-up form's trap field for bots: the forms' `honeypotField` (form-schemas.ts), named
 * here again because the event page must not load that module's schemas (a test keeps the two
 * equal).
 */
export const eventHoneypotField = "website";

/** What the sign-up answered: the result page and the API's `state` both say it. */
export type EventSignupOutcome = "confirmed" | "waitlisted";

/** An event as the public pages and the API show it. */
export type PublicEvent = {
  id: string;
  slug: string;
  title: string;
  /** Sanitized HTML. */
  description: string;
  photoId: string | null;
  startsAt: string;
  endsAt: string;
  placeKind: "address" | "online";
  address: string | null;
  onlineNote: string | null;
  priceCzk: number | null;
  capacity: number;
  freePlaces: number;
  maxPlacesPerSignup: number;
  signupDeadline: string;
  waitingList: boolean;
  state: "published" | "cancelled";
};

/**
 * Whether a visitor may still sign up, and if not, the sentence that says why (the same
 * sentences the API answers). `now` is the page's render time: the page is re-rendered when
 * its deadline passes (server/events/event-page-schedule.ts), the API decides again anyway.
 */
export function signupClosedReason(
  event: Pick<PublicEvent, "state" | "startsAt" | "signupDeadline" | "freePlaces" | "waitingList">,
  now: Date,
): string | undefined {
  if (event.state === "cancelled") return eventMessages.cancelled;
  if (new Date(event.startsAt) <= now) return eventMessages.past;
  if (new Date(event.signupDeadline) <= now) return eventMessages.deadlinePassed;
  if (event.freePlaces <= 0 && !event.waitingList) return eventMessages.full;
  return undefined;
}
