import { clsx } from "clsx";
import { ChevronDown, CircleAlert } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { keepWordsWhole, typeset } from "~/lib/typography";

/**
 * Form fields: a visible label bound to its control, an optional hint, and the
 * error below the control, all wired up for assistive technology. Each field
 * takes the props of its native control (including react-hook-form's
 * `register(...)`), so the browser does the typing, autofill and keyboard.
 */

type FieldProps = {
  id: string;
  label: ReactNode;
  /** Marks the field as one that may be left empty. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
};

const controlClasses = (invalid: boolean) =>
  clsx(
    "block w-full rounded-2xl border bg-white px-4 text-base text-bark shadow-[inset_0_1px_2px_rgb(62_51_40/0.06)] transition-colors duration-150",
    "focus:border-moss focus-visible:outline-offset-1",
    invalid ? "border-terracotta-dark border-2" : "border-bark-soft/70 hover:border-bark-soft",
  );

function describedBy(id: string, ...parts: (string | false | undefined)[]) {
  const ids = parts.filter(Boolean).map((part) => `${id}-${part}`);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** What assistive technology needs of a control: required or not, invalid, and its hint, error and `more`. */
function controlAria(
  { id, optional, hint, error }: FieldProps,
  ...more: (string | false | undefined)[]
) {
  return {
    "aria-required": optional ? undefined : true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint !== undefined && "hint", error && "error", ...more),
  } as const;
}

/** A field's own props apart from those of its control. */
function splitFieldProps<Control>({
  id,
  label,
  optional,
  hint,
  error,
  className,
  ...control
}: FieldProps & { className?: string } & Control) {
  return [{ id, label, optional, hint, error, className }, control] as const;
}

function FieldLabel({ id, label, optional }: Pick<FieldProps, "id" | "label" | "optional">) {
  return (
    <label htmlFor={id} className="block text-[0.9375rem] font-semibold text-bark">
      {typeof label === "string" ? typeset(label) : label}
      {optional && (
        <>
          {" "}
          <span className="font-normal text-bark-soft">(nepovinné)</span>
        </>
      )}
    </label>
  );
}

function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className="mt-1 text-sm leading-snug text-bark-soft">
      {typeof children === "string" ? typeset(children) : children}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p
      id={`${id}-error`}
      className="mt-2 flex items-start gap-1.5 text-sm font-medium leading-snug text-terracotta-dark"
    >
      <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
      <span>{keepWordsWhole(error)}</span>
    </p>
  );
}

/** Label, hint, the control and below it the error (or `below`, which shows the error itself). */
function FieldFrame({
  field: { id, label, optional, hint, error, className },
  below = <FieldError id={id} error={error} />,
  children,
}: {
  field: FieldProps & { className?: string };
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} optional={optional} />
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      {children}
      {below}
    </div>
  );
}

export type TextFieldProps = FieldProps &
  Omit<ComponentProps<"input">, "id"> & {
    /**
     * A button inside the field, at its right end (the password field's „Zobrazit heslo“).
     * Null keeps its room and its markup, so the field is not remade when it appears.
     */
    trailing?: ReactNode;
  };

export function TextField({ trailing, ...props }: TextFieldProps) {
  const [field, input] = splitFieldProps(props);
  const control = (
    <input
      id={field.id}
      {...controlAria(field)}
      className={clsx(
        controlClasses(Boolean(field.error)),
        "h-12",
        trailing === undefined ? "mt-2" : "pr-13",
      )}
      {...input}
    />
  );
  return (
    <FieldFrame field={field}>
      {trailing !== undefined ? (
        <div className="relative mt-2">
          {control}
          {trailing}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldProps &
  Omit<ComponentProps<"textarea">, "id"> & {
    /** How many characters the visitor has typed, shown against `maxCharacters`. */
    characterCount?: number;
    maxCharacters?: number;
  };

export function TextAreaField({ characterCount, maxCharacters, ...props }: TextAreaFieldProps) {
  const [field, textarea] = splitFieldProps(props);
  const { id, error } = field;
  const counted = characterCount !== undefined && maxCharacters !== undefined;
  return (
    <FieldFrame
      field={field}
      below={
        <div className="flex items-start justify-between gap-4">
          <FieldError id={id} error={error} />
          {counted && (
            <p
              id={`${id}-count`}
              className={clsx(
                "mt-2 ml-auto shrink-0 text-sm tabular-nums",
                characterCount > maxCharacters
                  ? "font-semibold text-terracotta-dark"
                  : "text-bark-soft",
              )}
            >
              {characterCount} / {maxCharacters}
              <span className="sr-only"> znaků</span>
            </p>
          )}
        </div>
      }
    >
      <textarea
        id={id}
        {...controlAria(field, counted && "count")}
        className={clsx(
          controlClasses(Boolean(error)),
          "mt-2 min-h-36 resize-y py-3 leading-relaxed",
        )}
        {...textarea}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = FieldProps & Omit<ComponentProps<"select">, "id">;

export function SelectField({ children, ...props }: SelectFieldProps) {
  const [field, select] = splitFieldProps(props);
  return (
    <FieldFrame field={field}>
      <div className="relative mt-2">
        <select
          id={field.id}
          {...controlAria(field)}
          className={clsx(
            controlClasses(Boolean(field.error)),
            "h-12 cursor-pointer appearance-none pr-11",
          )}
          {...select}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-bark-soft"
        />
      </div>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<FieldProps, "optional" | "hint"> &
  Omit<ComponentProps<"input">, "id" | "type">;

export function CheckboxField({ id, label, error, className, ...input }: CheckboxFieldProps) {
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-[0.9375rem] leading-snug text-bark"
      >
        <input
          id={id}
          type="checkbox"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error && "error")}
          className={clsx(
            "mt-px size-5 shrink-0 cursor-pointer rounded accent-moss",
            error && "outline-2 outline-terracotta-dark outline-offset-1",
          )}
          {...input}
        />
        <span>{label}</span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}
