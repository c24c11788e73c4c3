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
