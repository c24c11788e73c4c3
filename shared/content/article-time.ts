/**
 * An article's time as she chooses it: a date and a time in Prague (a
 * `datetime-local` field's value, „2026-12-01T08:00“), whatever the browser's
 * zone. Intl knows Prague's offset at every moment; the offset is read from it,
 * never written here.
 */
import { ownerTimeZone } from "#shared/prague-time";

// sv-SE writes „2026-12-01 08:00“: the field's value with a space for the T.
const pragueLocal = new Intl.DateTimeFormat("sv-SE", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: ownerTimeZone,
});

/** The `datetime-local` value of a moment in Prague: „2026-12-01T08:00“. */
export function toPragueLocal(moment: Date): string {
  return pragueLocal.format(moment).replace(" ", "T");
}

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The moment a Prague date and time names. Twice a year an hour is missing (it is taken as the
 * hour after) or there twice (the first is taken). Undefined for anything else than the form.
 */
export function fromPragueLocal(value: string): Date | undefined {
  const match = localPattern.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Prague is UTC+1 or +2: of the two candidates, the one Prague writes as asked.
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    if (toPragueLocal(candidate) === value) return candidate;
  }
  // The missing hour of spring: the clocks jumped past it, so the hour after.
  return new Date(asUtc - 3_600_000);
}
