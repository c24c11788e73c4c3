import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";

/**
 * A form as a visitor sent it without scripts and the server refused it. The
 * server renders the form's page again from it (server/forms/form-page.tsx):
 * what was typed in its fields, each message next to its field, and the
 * first refused field focused. Never set in the browser.
 */
export type SubmittedForm<Values> = {
  values: Values;
  /** The message of each refused field, in the order of the form's fields. */
  errors: Partial<Record<keyof Values, string>>;
  /** Why the send as a whole failed (too many sends, a failure of the server). */
  failure?: string;
};

/**
 * The props every field of a public form takes: its id, its message (the
 * browser's check first, then the server's), its registration with the form,
 * and what the visitor sent (`submittedValueProps`).
 */
export function bindFields<Values extends FieldValues>(
  idPrefix: string,
  register: UseFormRegister<Values>,
  errors: FieldErrors<Values>,
  submitted: SubmittedForm<Values> | undefined,
) {
  return (field: Path<Values> & keyof Values & string) => ({
    id: `${idPrefix}-${field}`,
    error: (errors[field]?.message as string | undefined) ?? submitted?.errors[field],
    ...register(field),
    ...submittedValueProps(submitted, field),
  });
}

/** The props that put a sent value back into its field, and focus the first refused one. */
export function submittedValueProps<Values>(
  submitted: SubmittedForm<Values> | undefined,
  field: keyof Values & string,
): { defaultValue?: string; defaultChecked?: boolean; autoFocus?: boolean } {
  if (!submitted) return {};
  const value = submitted.values[field];
  const autoFocus = Object.keys(submitted.errors)[0] === field || undefined;
  return typeof value === "boolean"
    ? { defaultChecked: value, autoFocus }
    : { defaultValue: typeof value === "string" ? value : "", autoFocus };
}
