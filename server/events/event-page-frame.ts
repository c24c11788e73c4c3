/**
 * What the per-request event pages share (the no-script sign-up's answers, the cancel link's
 * page): the booking pages' frame, and the event's time and place in one line.
 */
import type { Event } from "#database/schema";
import { formatPragueLongRange } from "#shared/prague-time";
import { czech } from "#shared/typography";
import { wholeDate } from "../booking/booking-page-frame";
import { eventPlaceText } from "./event-mail";

export { bookingPage as eventPage } from "../booking/booking-page-frame";

/** „Kruh žen, 5. května 2026 v 17:00–19:00, Květná 12, Brno“ */
export function eventLine(event: Event): string {
  return wholeDate(
    czech(
      `${event.title}, ${formatPragueLongRange(event.startsAt, event.endsAt)}, ${eventPlaceText(event)}`,
    ),
  );
}
