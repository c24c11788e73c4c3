import { clsx } from "clsx";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import {
  controlClasses,
  describedBy,
  FieldError,
  FieldHint,
  FieldLabel,
  type TextFieldProps,
} from "~/components/ui/form-field";

/**
 * A password field with a button that shows what was typed, so that a
 * password typed on a phone's keyboard can be checked before it is sent.
 * The button keeps its name and says whether the password shows with
 * `aria-pressed`, and the field stays as she set it when the form refuses
 * what was typed, so that she can compare. On a pre-rendered page (the
 * members' sign-in) the button appears only once it works.
 */
export function PasswordField({
  id,
  label,
  optional,
  hint,
  error,
  className,
  toggleLabel = "Zobrazit heslo",
  ...input
}: Omit<TextFieldProps, "type" | "ref"> & {
  /** The show button's name; two password fields in one form need two names. */
  toggleLabel?: string;
}) {
  const [shown, setShown] = useState(false);
  // The button appears once it works: on a pre-rendered page, after hydration.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} optional={optional} />
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      <div className="relative mt-2">
        <input
          id={id}
          aria-required={optional ? undefined : true}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint !== undefined && "hint", error && "error")}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={clsx(controlClasses(Boolean(error)), "h-12 pr-13")}
          {...input}
          type={shown ? "text" : "password"}
        />
        {live && (
          <button
            type="button"
            aria-label="Zobrazit heslo"
            aria-pressed={shown}
            aria-controls={id}
            title={shown ? "Skrýt heslo" : "Zobrazit heslo"}
            onClick={() => setShown((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-2xl text-bark-soft transition-colors hover:text-bark focus-visible:-outline-offset-2"
          >
            {shown ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        )}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
