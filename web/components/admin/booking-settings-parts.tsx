import { Plus, X } from "lucide-react";
import { useId } from "react";
import { bookingLimits, type TimeRange } from "#shared/booking-settings";
import { FieldError } from "~/components/ui/form-field";

/** The settings screen's cards: one level of frame, white on the cream page. */
export const cardClasses = "rounded-[2rem] bg-white/85 p-5 shadow-sm ring-1 ring-bark/10 sm:p-8";

/**
 * A time as she types it on her phone's number pad, written the Czech way: „9“, „9.30“, „9,30“,
 * „0930“ and „09:30“ become „9:00“ or „9:30“. Anything else stays as typed, for the API to refuse
 * with its message.
 */
export function normalizeTime(typed: string): string {
  const text = typed.trim();
  const match = /^(\d{1,2})(?:[:.,]?(\d{2}))?$/.exec(text);
  if (!match) return text;
  const [, hours = "", minutes = "00"] = match;
  return `${Number(hours)}:${minutes}`;
}

/** The range a new row starts with: after the day's last one, or the morning. */
function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return { from: "9:00", to: "12:00" };
  const [hours = 0] = last.to.split(":").map(Number);
  const from = Math.min(hours + 1, 22);
  return { from: `${from}:00`, to: `${Math.min(from + 3, 24)}:00` };
}

/**
 * A day's ranges („od 9:00 do 12:00“), each removable, with „Přidat čas“; `label` names the day
 * for assistive technology („úterý“). Empty: `emptyText` („Zavřeno“).
 */
export function RangesEditor({
  label,
  ranges,
  onChange,
  emptyText,
  error,
}: {
  label: string;
  ranges: readonly TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  emptyText: string;
  error?: string;
}) {
  const id = useId();
  const change = (index: number, part: keyof TimeRange, value: string) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, [part]: value } : range)));
  const invalid = error ? true : undefined;
  return (
    <div>
      {ranges.length === 0 ? (
        <p className="text-bark-soft">{emptyText}</p>
      ) : (
        <ul className="grid gap-2">
          {ranges.map((range, index) => (
            // A row has no identity of its own but its place: removing one re-keys the rest.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex items-center gap-2">
              <TimeInput
                label={`${label}, ${index + 1}. čas: od`}
                value={range.from}
                invalid={invalid}
                describedBy={error ? `${id}-error` : undefined}
                onChange={(value) => change(index, "from", value)}
              />
              <span aria-hidden="true" className="text-bark-soft">
                –
              </span>
              <TimeInput
                label={`${label}, ${index + 1}. čas: do`}
                value={range.to}
                invalid={invalid}
                describedBy={error ? `${id}-error` : undefined}
                onChange={(value) => change(index, "to", value)}
              />
              <button
                type="button"
                onClick={() => onChange(ranges.filter((_, at) => at !== index))}
                className="grid size-11 shrink-0 place-items-center rounded-full text-bark-soft hover:bg-sand/60 hover:text-bark"
                aria-label={`Odebrat ${index + 1}. čas (${label})`}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={id} error={error} />
      {ranges.length < bookingLimits.rangesPerDay && (
        <button
          type="button"
          onClick={() => onChange([...ranges, nextRange(ranges)])}
          className="mt-1 inline-flex min-h-11 items-center gap-2 rounded-full px-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
          aria-label={`Přidat čas (${label})`}
        >
          <Plus aria-hidden="true" className="size-5" />
          Přidat čas
        </button>
      )}
    </div>
  );
}

function TimeInput({
  label,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  invalid?: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="text"
      // Her phone's number pad, with a separator to type „9.30“ or „9,30“.
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      value={value}
      placeholder="9:00"
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => onChange(normalizeTime(event.target.value))}
      className={`h-11 w-20 rounded-2xl border bg-white px-3 text-center text-base tabular-nums text-bark ${
        invalid ? "border-2 border-terracotta-dark" : "border-bark-soft/70"
      }`}
    />
  );
}
