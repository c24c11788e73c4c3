import { TextField, type TextFieldProps } from "~/components/ui/form-field";

/** The field for a code from an authenticator app: the numeric keyboard, the code autofilled, large spaced digits. */
export function OneTimeCodeField({
  onCodeChange,
  ...field
}: Omit<TextFieldProps, "autoComplete" | "inputMode" | "onChange" | "className"> & {
  onCodeChange: (code: string) => void;
}) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode="numeric"
      onChange={(event) => onCodeChange(event.target.value)}
      className="[&_input]:text-xl [&_input]:tracking-[0.3em]"
      {...field}
    />
  );
}
