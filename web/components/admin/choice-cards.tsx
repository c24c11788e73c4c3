/**
 * One choice of a few, each a card with its label and a line of hint (an article's state, an
 * event's place): radio buttons with a 44 px target and the chosen card outlined.
 */
import { clsx } from "clsx";
import { typeset } from "~/lib/typography";

export type Choice<Value extends string> = { value: Value; label: string; hint: string };

export function ChoiceCards<Value extends string>({
  legend,
  name,
  choices,
  value,
  disabled,
  onChange,
  columnsClass,
  description,
}: {
  legend: string;
  /** A line under the legend, when the choice needs saying more about. */
  description?: string;
  /** The radio group's name, unique on the screen. */
  name: string;
  choices: readonly Choice<Value>[];
  value: Value;
  disabled: boolean;
  onChange: (value: Value) => void;
  /** How many cards side by side from `sm` up, e.g. "sm:grid-cols-3". */
  columnsClass: string;
}) {
  return (
    <fieldset>
      <legend className="font-semibold text-bark">{legend}</legend>
      {description && <p className="mt-1 text-sm text-bark-soft">{typeset(description)}</p>}
      <div className={clsx("mt-2 grid gap-2", columnsClass)}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={clsx(
              "flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl bg-white px-4 py-3 ring-1",
              value === choice.value ? "ring-2 ring-moss" : "ring-bark/15",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={disabled}
              onChange={() => onChange(choice.value)}
              className="mt-1 size-5 accent-moss"
            />
            <span>
              <span className="block font-semibold text-bark">{choice.label}</span>
              <span className="block text-sm text-bark-soft">{typeset(choice.hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
