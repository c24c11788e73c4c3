/**
 * The first message of each field a schema refused, by the field's name: a
 * form shows it under that field, every field at once.
 */
export function fieldErrors<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string") errors[field as Field] ??= issue.message;
  }
  return errors;
}
