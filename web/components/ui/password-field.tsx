import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import { TextField, type TextFieldProps } from "~/components/ui/form-field";

/**
 * A password field with a button that shows what was typed, so that a
 * password typed on a phone's keyboard can be checked before it is sent.
 * The button keeps its name and says whether the password shows with
 * `aria-pressed`, and the field stays as she set it when the form refuses
 * what was typed, so that she can compare. On a pre-rendered page (the
 * members' sign-in) the button appears only once it works.
 */
export function PasswordField({
  toggleLabel = "Zobrazit heslo",
  ...field
}: Omit<TextFieldProps, "type" | "ref" | "trailing"> & {
  /** The show button's name; two password fields in one form need two names. */
  toggleLabel?: string;
}) {
  const [shown, setShown] = useState(false);
  // The button appears once it works: on a pre-rendered page, after hydration.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <TextField
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...field}
      type={shown ? "text" : "password"}
      trailing={
        live ? (
          <button
            type="button"
            aria-label={toggleLabel}
            aria-pressed={shown}
            aria-controls={field.id}
            onClick={() => setShown((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-2xl text-bark-soft transition-colors hover:text-bark focus-visible:-outline-offset-2"
          >
            {shown ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        ) : null
      }
    />
  );
}
