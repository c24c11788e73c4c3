import { clsx } from "clsx";
import type { ComponentProps } from "react";
import type { FreeDayJson } from "#shared/booking-schemas";
import { freeDaysShownFirst, moreDaysText } from "#shared/booking-words";
import { formatPragueTime, ownerTimeZone } from "#shared/prague-time";
import { FieldError } from "~/components/ui/form-field";

const dayFormat = new Intl.DateTimeFormat("cs-CZ", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: ownerTimeZone,
});

/** „středa 2. prosince“, the number never parted from its month. */
export function formatFreeDay(day: FreeDayJson): string {
  const first = day.starts[0];
  return first ? dayFormat.format(new Date(first)).replace(/(?<=\d\.) /u, "\u00a0") : day.day;
}

/**
 * The one renderer of an offer's free times, day by day: a radio button per start
 * (`startsAt`, the ISO moment the API gave), in Prague's time. The same markup is posted by a
 * browser without scripts and read by the form's code with them. Without scripts every day
 * comes at once: the first three show, the later ones wait behind „Ukázat další…“.
 */
export function FreeTimes({
  days,
  idPrefix,
  error,
  checked,
  input,
}: {
  days: FreeDayJson[];
  idPrefix: string;
  error?: string;
  /** The start chosen before (a refused post without scripts). */
  checked?: string;
  /** The radio buttons' props from the form's code (react-hook-form's `register`). */
  input?: Omit<ComponentProps<"input">, "type" | "value" | "id">;
}) {
  const errorId = `${idPrefix}-startsAt`;
  const dayTimes = (day: FreeDayJson) => (
    <fieldset key={day.day} className="min-w-0">
      <legend className="mb-3 font-serif text-xl font-semibold text-bark first-letter:uppercase">
        {formatFreeDay(day)}
      </legend>
      <div className="flex flex-wrap gap-2.5">
        {day.starts.map((start) => {
          const id = `${idPrefix}-${start.replace(/[^0-9]/g, "")}`;
          return (
            <label
              key={start}
              htmlFor={id}
              className={clsx(
                "relative inline-flex min-h-12 min-w-[5.5rem] cursor-pointer items-center justify-center rounded-full border border-moss/50 bg-white px-4 text-lg font-semibold text-bark tabular-nums",
                "has-[:checked]:border-moss-dark has-[:checked]:bg-moss-dark has-[:checked]:text-cream",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-terracotta",
                "hover:border-moss-dark",
              )}
            >
              <input
                type="radio"
                id={id}
                name="startsAt"
                value={start}
                defaultChecked={checked === start || undefined}
                className="sr-only"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId}-error` : undefined}
                {...input}
              />
              {formatPragueTime(start)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
  const later = days.slice(freeDaysShownFirst);
  return (
    <div className="grid gap-6">
      <FieldError id={errorId} error={error} />
      {days.slice(0, freeDaysShownFirst).map(dayTimes)}
      {later.length > 0 && (
        <details
          // A time chosen among them before (a refused post) is shown, not hidden.
          open={later.some((day) => checked !== undefined && day.starts.includes(checked))}
          className="group"
        >
          <summary
            className={clsx(
              "inline-flex min-h-12 cursor-pointer items-center gap-3 rounded-full px-1 text-lg font-semibold text-moss-dark underline decoration-moss/40 underline-offset-4 hover:decoration-moss-dark group-open:mb-6",
              "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-terracotta",
              // The disclosure's arrow (inline-flex drops the list marker): right, down when open.
              "before:size-2 before:-rotate-45 before:border-r-2 before:border-b-2 before:border-current group-open:before:rotate-45",
            )}
          >
            {moreDaysText(later.length)}
          </summary>
          <div className="grid gap-6">{later.map(dayTimes)}</div>
        </details>
      )}
    </div>
  );
}
