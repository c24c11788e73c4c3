import { clsx } from "clsx";
import { CalendarDays, ChevronLeft, ChevronRight, Settings } from "lucide-react";
import { Link } from "react-router";
import type { AdminBookingJson, AdminBookingWindowJson } from "#shared/booking-admin";
import { addDays, type Day } from "#shared/booking-time";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import {
  bookingStateNames,
  dayOf,
  daysFrom,
  formatBookingDay,
  formatDayHeading,
  formatSessionTimes,
  mondayOf,
  today,
} from "~/components/admin/booking-format";
import { buttonClasses } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

/** Which days her screen shows: one, or the week from its Monday. */
export type BookingView = { view: "day" | "week"; from: Day };

/** The address of a view (its query: `?pohled=den&od=…`). */
export function bookingViewPath({ view, from }: BookingView): string {
  return `${paths.adminBookings}?pohled=${view === "day" ? "den" : "tyden"}&od=${from}`;
}

function StateBadge({ booking }: { booking: AdminBookingJson }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {!booking.handledAt && (
        <span className="rounded-full bg-moss px-2.5 py-0.5 text-xs font-semibold text-cream">
          Nová
        </span>
      )}
      <span
        className={clsx(
          "rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
          booking.state === "pending" && "bg-sand text-bark ring-1 ring-bark/15",
          booking.state === "confirmed" && "bg-sage-light text-moss-dark ring-1 ring-moss/20",
          (booking.state === "declined" || booking.state === "cancelled") &&
            "bg-bark/10 text-bark-soft line-through decoration-1",
        )}
      >
        {bookingStateNames[booking.state]}
      </span>
    </span>
  );
}

/** One booking as a card that opens it: the time, the offer, the client's name, its state. */
export function BookingCard({
  booking,
  withDay = false,
}: {
  booking: AdminBookingJson;
  withDay?: boolean;
}) {
  const ended = booking.state === "declined" || booking.state === "cancelled";
  return (
    <Link
      to={`${paths.adminBookings}/${booking.id}`}
      data-booking={booking.id}
      className={clsx(
        "block rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 transition-colors hover:bg-white hover:ring-moss/40",
        ended && "opacity-70",
      )}
    >
      <p className="font-semibold text-bark">
        {withDay && (
          <span className="block text-sm font-normal text-bark-soft">
            {formatBookingDay(booking.startsAt)}
          </span>
        )}
        <span className="whitespace-nowrap">
          {formatSessionTimes(booking.startsAt, booking.endsAt)}
        </span>{" "}
        {booking.name}
      </p>
      <p className="mt-1 text-sm text-bark-soft">{typeset(booking.offerName)}</p>
      <div className="mt-2">
        <StateBadge booking={booking} />
      </div>
    </Link>
  );
}

/**
 * „Rezervace“: what waits for her confirmation first, then her day or week – on a phone a list
 * by day, on a wide screen the week as seven columns.
 */
export function BookingsScreen({
  email,
  view,
  window,
  listFailed,
}: {
  email: string;
  view: BookingView;
  window: AdminBookingWindowJson;
  listFailed: boolean;
}) {
  const days = daysFrom(view.from, view.view === "day" ? 1 : 7);
  const step = view.view === "day" ? 1 : 7;
  // „Den“ from a week opens today when the week has it, else the week's Monday.
  const dayToOpen = days.includes(today()) ? today() : view.from;
  return (
    <AdminFrame email={email}>
      <AdminSection
        headingId="bookings-heading"
        icon={CalendarDays}
        title="Rezervace"
        intro="Termíny, které si lidé rezervovali na webu. Otevřením rezervace ji potvrdíte, odmítnete, přesunete nebo zrušíte; každá změna odejde klientovi e-mailem."
        header={
          <>
            {listFailed && (
              <p role="alert" className="mt-4 font-medium text-terracotta-dark">
                Rezervace se nepodařilo načíst. Zkuste to prosím znovu.
              </p>
            )}
            <p className="mt-4">
              <Link
                to={paths.adminBookingSettings}
                className="inline-flex items-center gap-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
              >
                <Settings aria-hidden="true" className="size-5" />
                Pracovní doba a pravidla
              </Link>
            </p>
          </>
        }
      >
        <section aria-labelledby="pending-heading" className="mt-6">
          <h3 id="pending-heading" className="text-xl font-semibold text-bark">
            Čeká na potvrzení
          </h3>
          {window.pending.length === 0 ? (
            <p className="mt-2 text-bark-soft">Nic nečeká, všechny rezervace jsou vyřízené.</p>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {window.pending.map((booking) => (
                <li key={booking.id}>
                  <BookingCard booking={booking} withDay />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="calendar-heading" className="mt-8">
          <h3 id="calendar-heading" className="text-xl font-semibold text-bark">
            {view.view === "day" ? "Den" : "Týden"}
          </h3>
          <nav aria-label="Období" className="mt-3 flex flex-wrap items-center gap-2">
            <Link
              to={bookingViewPath({ view: view.view, from: addDays(view.from, -step) })}
              className={buttonClasses("secondary", "min-h-11 px-3")}
              aria-label={view.view === "day" ? "Předchozí den" : "Předchozí týden"}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Link>
            <Link
              to={bookingViewPath({ view: view.view, from: addDays(view.from, step) })}
              className={buttonClasses("secondary", "min-h-11 px-3")}
              aria-label={view.view === "day" ? "Další den" : "Další týden"}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
            <Link to={paths.adminBookings} className={buttonClasses("ghost", "min-h-11")}>
              Tento týden
            </Link>
            <Link
              to={bookingViewPath({ view: "day", from: dayToOpen })}
              className={buttonClasses("ghost", "min-h-11")}
              aria-current={view.view === "day" ? "page" : undefined}
            >
              Den
            </Link>
            <Link
              to={bookingViewPath({ view: "week", from: mondayOf(view.from) })}
              className={buttonClasses("ghost", "min-h-11")}
              aria-current={view.view === "week" ? "page" : undefined}
            >
              Týden
            </Link>
          </nav>
          <ol
            className={clsx("mt-4 grid gap-4", view.view === "week" && "lg:grid-cols-7 lg:gap-2")}
          >
            {days.map((day) => {
              const ofDay = window.bookings.filter((booking) => dayOf(booking.startsAt) === day);
              return (
                <li key={day} data-day={day} className="min-w-0">
                  <h4 className="font-semibold text-bark first-letter:uppercase">
                    <Link
                      to={bookingViewPath({ view: "day", from: day })}
                      className="underline-offset-4 hover:underline"
                    >
                      {formatDayHeading(day)}
                    </Link>
                  </h4>
                  {ofDay.length === 0 ? (
                    <p className="mt-1 text-sm text-bark-soft">Žádná rezervace</p>
                  ) : (
                    <ul className="mt-2 grid gap-2">
                      {ofDay.map((booking) => (
                        <li key={booking.id}>
                          <BookingCard booking={booking} />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      </AdminSection>
    </AdminFrame>
  );
}
