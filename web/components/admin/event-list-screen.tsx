/**
 * „Akce“, phone first: her upcoming events (the nearest on top), then drafts, then past ones,
 * each with its date, state and how full it is; „Nová akce“ opens the form.
 */
import { clsx } from "clsx";
import { CalendarDays, CalendarPlus, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { EventListJson, EventState, EventSummaryJson } from "#shared/event-admin";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import {
  eventStateLabels,
  eventWhen,
  takenText,
  waitingText,
} from "~/components/admin/event-format";
import { buttonClasses } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

export const newEventId = "nova";
export const eventAdminPath = (id: string) => `${paths.adminEvents}/${id}`;

const loadFailed = "Akce se nepodařilo načíst. Zkuste prosím stránku načíst znovu.";

export const eventStateBadge: Record<EventState, string> = {
  draft: "bg-sand text-bark",
  published: "bg-sage-light text-moss-dark",
  cancelled: "bg-terracotta/15 text-terracotta-dark",
};

export function EventListScreen({ email, list }: { email: string; list: EventListJson | null }) {
  return (
    <AdminFrame email={email}>
      <AdminSection
        headingId="events-heading"
        icon={CalendarDays}
        title="Akce"
        intro="Workshopy a živá setkání. Koncept vidíte jen vy; zveřejněná akce je na stránce Akce a lidé se na ni mohou přihlásit."
      >
        <Link
          to={eventAdminPath(newEventId)}
          className={buttonClasses("primary", "mt-6 w-full sm:w-auto")}
        >
          <CalendarPlus aria-hidden="true" className="size-5" />
          Nová akce
        </Link>
        {list === null ? (
          <p role="alert" className="mt-6 px-2 text-terracotta-dark sm:px-0">
            {typeset(loadFailed)}
          </p>
        ) : (
          <>
            <EventGroup
              id="events-upcoming"
              title="Nadcházející"
              events={list.upcoming}
              empty="Teď není naplánovaná žádná zveřejněná akce."
            />
            {list.drafts.length > 0 && (
              <EventGroup id="events-drafts" title="Koncepty" events={list.drafts} />
            )}
            {list.past.length > 0 && (
              <EventGroup id="events-past" title="Proběhlé" events={list.past} />
            )}
          </>
        )}
      </AdminSection>
    </AdminFrame>
  );
}

function EventGroup({
  id,
  title,
  events,
  empty,
}: {
  id: string;
  title: string;
  events: EventSummaryJson[];
  empty?: string;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="px-2 text-xl font-semibold text-bark sm:px-0">
        {title}
      </h3>
      {events.length === 0 ? (
        <p className="mt-3 px-2 text-bark-soft sm:px-0">{typeset(empty ?? "")}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventCard({ event }: { event: EventSummaryJson }) {
  const { counts } = event;
  return (
    <Link
      to={eventAdminPath(event.id)}
      className="flex items-center gap-3 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 transition-colors hover:bg-sage-light/60 sm:p-5"
    >
      <div className="min-w-0 flex-1">
        <p className="text-lg leading-snug font-semibold break-words text-bark">
          {typeset(event.title)}
        </p>
        <p className="mt-1 text-bark-soft">{eventWhen(event.startsAt, event.endsAt)}</p>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span
            className={clsx(
              "rounded-full px-2.5 py-0.5 font-semibold",
              eventStateBadge[event.state],
            )}
          >
            {eventStateLabels[event.state]}
          </span>
          {event.state !== "draft" && <span className="text-bark">{takenText(counts)}</span>}
          {counts.waitlisted > 0 && (
            <span className="text-bark-soft">{waitingText(counts.waitlisted)}</span>
          )}
        </p>
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
    </Link>
  );
}
