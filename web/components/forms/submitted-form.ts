import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import type { ContactFormValues, GiftFormType, GiftFormValues } from "#shared/form-schemas";

/**
 * A form as a visitor sent it without scripts and the server refused it. The
 * server renders the form's page again with it, through the page renderer
 * (server/forms/form-page.ts; the page's loader reads it, `readRefusedForm`):
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

/** A refused form of any of the three, as a page render's input. */
export type RefusedForm =
  | { formType: "contact"; submitted: SubmittedForm<ContactFormValues> }
  | { formType: GiftFormType; submitted: SubmittedForm<GiftFormValues> };

declare module "react-router" {
  interface AppLoadContext {
    /** Set only when the server answers a refused form sent without scripts. */
    refusedForm?: RefusedForm;
  }
}

/** What the page's loader gives its form `type`: the refused form sent without scripts, or null. */
export function readRefusedForm<Type extends RefusedForm["formType"]>(
  context: { refusedForm?: RefusedForm } | undefined,
  type: Type,
):
  | (Type extends "contact" ? SubmittedForm<ContactFormValues> : SubmittedForm<GiftFormValues>)
  | null {
  const refused = context?.refusedForm;
  return refused?.formType === type ? (refused.submitted as never) : null;
}

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
