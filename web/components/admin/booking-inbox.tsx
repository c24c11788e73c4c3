import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import type { AdminBookingJson } from "#shared/booking-admin";
import { paths } from "#shared/routes";
import { BookingCard } from "~/components/admin/bookings-screen";

/**
 * The bookings she has not opened yet, in her inbox beside the messages: each opens its page
 * (which makes it handled, as opening a record makes it read). Nothing shows when none is new.
 * On a phone only the count and the link: the messages stay on her first screen.
 */
export function NewBookings({ bookings }: { bookings: readonly AdminBookingJson[] }) {
  if (bookings.length === 0) return null;
  return (
    <section
      aria-labelledby="new-bookings-heading"
      data-new-bookings
      className="mt-6 rounded-2xl bg-sage-light/60 p-4 ring-1 ring-moss/20 sm:mt-8 sm:p-5"
    >
      <h2
        id="new-bookings-heading"
        className="flex items-center gap-2 text-xl font-semibold text-bark"
      >
        <CalendarDays aria-hidden="true" className="size-6 text-moss-dark" />
        Nové rezervace: {bookings.length}
      </h2>
      <ul className="mt-3 hidden gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-3">
        {bookings.slice(0, 6).map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} withDay />
          </li>
        ))}
      </ul>
      <p className="mt-1 sm:mt-3">
        <Link
          to={paths.adminBookings}
          className="inline-flex min-h-11 items-center font-semibold text-moss-dark underline underline-offset-4"
        >
          Všechny rezervace
        </Link>
      </p>
    </section>
  );
}
