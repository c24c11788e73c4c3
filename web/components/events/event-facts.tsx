import { CalendarDays, MapPin, Ticket, Users, Video } from "lucide-react";
import { eventPriceText, freePlacesText, mapLink, type PublicEvent } from "#shared/events";
import { formatPragueLong, formatPragueLongRange } from "#shared/prague-time";
import { czech } from "~/lib/typography";

/** „5. května 2026 v 17:00–19:00“ */
export function eventTimeText(event: Pick<PublicEvent, "startsAt" | "endsAt">): string {
  return formatPragueLongRange(event.startsAt, event.endsAt);
}

/**
 * „Přihlášky do 2. prosince 2026 v 17:00“ when sign-ups close before the start (her form leaves
 * the deadline empty for „until it starts“, stored as the start: then nothing is said).
 */
export function signupDeadlineText(
  event: Pick<PublicEvent, "startsAt" | "signupDeadline" | "state">,
): string | undefined {
  if (event.state === "cancelled") return undefined;
  if (new Date(event.signupDeadline) >= new Date(event.startsAt)) return undefined;
  return `Přihlášky do ${formatPragueLong(event.signupDeadline)}`;
}

/**
 * An event's when (with its sign-up deadline), where, price and free places, as a list. The address links to mapy.cz
 * (when `mapLinks`: the event's own page; a card is one link already).
 */
export function EventFacts({
  event,
  mapLinks = false,
}: {
  event: PublicEvent;
  mapLinks?: boolean;
}) {
  const deadline = signupDeadlineText(event);
  const row = "flex gap-3 leading-snug";
  const icon = "mt-0.5 size-5 shrink-0 text-moss-dark";
  return (
    <ul className="space-y-3 text-bark-soft">
      <li className={row}>
        <CalendarDays aria-hidden="true" className={icon} />
        <span>
          <span className="sr-only">Kdy: </span>
          {eventTimeText(event)}
          {deadline && <span className="mt-1 block text-sm">{deadline}</span>}
        </span>
      </li>
      <li className={row}>
        {event.placeKind === "online" ? (
          <Video aria-hidden="true" className={icon} />
        ) : (
          <MapPin aria-hidden="true" className={icon} />
        )}
        <span>
          <span className="sr-only">Kde: </span>
          {event.placeKind === "online" ? (
            czech(event.onlineNote ? `Online – ${event.onlineNote}` : "Online")
          ) : mapLinks && event.address ? (
            <>
              {czech(event.address)}{" "}
              <a
                href={mapLink(event.address)}
                className="font-semibold whitespace-nowrap text-moss-dark underline underline-offset-4"
              >
                Ukázat na mapě
              </a>
            </>
          ) : (
            czech(event.address ?? "")
          )}
        </span>
      </li>
      <li className={row}>
        <Ticket aria-hidden="true" className={icon} />
        <span>
          <span className="sr-only">Cena: </span>
          {eventPriceText(event.priceCzk)}
        </span>
      </li>
      <li className={row}>
        <Users aria-hidden="true" className={icon} />
        <span className="font-semibold text-bark">
          {event.state === "cancelled" ? "Akce je zrušená" : freePlacesText(event.freePlaces)}
        </span>
      </li>
    </ul>
  );
}
