import type { MetaDescriptor } from "react-router";
import { eventPath, type PublicEvent } from "#shared/events";
import { paths } from "#shared/routes";
import { site } from "#shared/site";

const absolute = (path: string) => new URL(path, site.url).href;

/**
 * An event as a schema.org `Event`: its status, place (an address, or online), offer with the
 * price in CZK and whether places are left, and the remaining capacity; her published name organises it.
 */
export function eventStructuredData(event: PublicEvent, ownerName: string): MetaDescriptor {
  const url = absolute(eventPath(event.slug));
  const online = event.placeKind === "online";
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Event",
      "@id": `${url}#event`,
      name: event.title,
      url,
      startDate: event.startsAt,
      endDate: event.endsAt,
      inLanguage: "cs",
      eventStatus:
        event.state === "cancelled"
          ? "https://schema.org/EventCancelled"
          : "https://schema.org/EventScheduled",
      eventAttendanceMode: online
        ? "https://schema.org/OnlineEventAttendanceMode"
        : "https://schema.org/OfflineEventAttendanceMode",
      location: online
        ? { "@type": "VirtualLocation", url }
        : { "@type": "Place", name: event.address, address: event.address },
      maximumAttendeeCapacity: event.capacity,
      remainingAttendeeCapacity: event.freePlaces,
      organizer: {
        "@type": "Person",
        "@id": `${absolute(paths.home)}#owner`,
        name: ownerName,
        url: absolute(paths.about),
      },
      offers: {
        "@type": "Offer",
        url,
        price: event.priceCzk ?? 0,
        priceCurrency: "CZK",
        availability:
          event.freePlaces > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
        validThrough: event.signupDeadline,
      },
    },
  };
}
