/**
 * Her events in words on her screens: when („čtvrtek 7. 1. 2027, 18:00–20:00“), in what state,
 * how full. Prague time whatever the browser's zone.
 */

import { zOrZe } from "#shared/czech-numbers";
import type { EventCountsJson, EventSignupState, EventState } from "#shared/event-admin";
import { formatPragueDate, formatPragueTime, ownerTimeZone, pragueDay } from "#shared/prague-time";
import { czech, range } from "#shared/typography";

const weekdayFormat = new Intl.DateTimeFormat("cs-CZ", {
  weekday: "long",
  timeZone: ownerTimeZone,
});

/** „čtvrtek 7. 1. 2027, 18:00–20:00“; an event past midnight names its last day too. */
export function eventWhen(startsAt: string | Date, endsAt: string | Date): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = pragueDay(start) === pragueDay(end);
  const endText = sameDay
    ? formatPragueTime(end)
    : `${formatPragueDate(end)} ${formatPragueTime(end)}`;
  return czech(
    `${weekdayFormat.format(start)} ${formatPragueDate(start)}, ${range(formatPragueTime(start), endText)}`,
  );
}

export const eventStateLabels: Record<EventState, string> = {
  draft: "Koncept",
  published: "Zveřejněná",
  cancelled: "Zrušená",
};

export const signupStateLabels: Record<EventSignupState, string> = {
  confirmed: "Přihlášení",
  waitlisted: "Čekají na místo",
  cancelled: "Zrušené přihlášky",
};

/** „Obsazeno 3 z 10 míst“, „Obsazeno 2 ze 2 míst“ (genitive after „z“: „z 1 místa“, „z 10 míst“). */
export function takenText({
  takenPlaces,
  capacity,
}: Pick<EventCountsJson, "takenPlaces" | "capacity">) {
  return czech(
    `Obsazeno ${takenPlaces} ${zOrZe(capacity)} ${capacity} ${capacity === 1 ? "místa" : "míst"}`,
  );
}

/** „1 čeká na místo“, „3 čekají na místo“, „5 čeká na místo“. */
export function waitingText(waitlisted: number): string {
  return czech(`${waitlisted} ${waitlisted >= 2 && waitlisted <= 4 ? "čekají" : "čeká"} na místo`);
}

/** „1 člověk“, „3 lidé“, „5 lidí“: how many people a message or a cancellation reaches. */
export function peopleCount(count: number): string {
  if (count === 1) return "1 člověk";
  if (count >= 2 && count <= 4) return `${count} lidé`;
  return `${count} lidí`;
}
