import { formTypeLabels, formTypeNames, serviceTypes, toFormType } from "#shared/form-schemas";
import { formatPragueDate, formatPragueTime } from "#shared/prague-time";
import type { Submission } from "#shared/submission";

/** What an empty phone, service or message shows in the table (the specification's „-“). */
export const emptyCell = "-";

/** What an empty field shows outside the table (the record's page): the Czech dash. */
export const emptyField = "–";

/**
 * The table's „Kontaktní formulář“ for both `contact` and `kontakt`; an unknown type as it is
 * stored. The table's (and its cards') label is the specification's „Dárek - Rituál“.
 */
export function formTypeLabel(formType: string): string {
  const known = toFormType(formType);
  return known ? formTypeLabels[known] : formType;
}

/** The form's name outside the table (the record, the CSV, the export): „Dárek – rituál“. */
export function formTypeName(formType: string): string {
  const known = toFormType(formType);
  return known ? formTypeNames[known] : formType;
}

/**
 * The chosen offer's name as the server read it from her list (retired offers too); else as the
 * seeded form named it, or as stored; `empty` when none was chosen.
 */
export function serviceLabel(
  { service_type, service_label }: Pick<Submission, "service_type" | "service_label">,
  empty: string = emptyCell,
): string {
  if (!service_type) return empty;
  return (
    service_label ??
    (Object.hasOwn(serviceTypes, service_type)
      ? serviceTypes[service_type as keyof typeof serviceTypes]
      : service_type)
  );
}

export function orDash(value: string | null): string {
  return value?.trim() ? value : emptyCell;
}

/** The submission time in the Czech format and in Prague time, e.g. „21. 11. 2026 20:33:16“. */
export function formatSubmittedAt(isoTime: string): string {
  return splitSubmittedAt(isoTime).join(" ");
}

/** The same text as `formatSubmittedAt`, as its date and its time. */
export function splitSubmittedAt(isoTime: string): [date: string, time: string] {
  return [formatPragueDate(isoTime), formatPragueTime(isoTime, { seconds: true })];
}

const pluralRules = new Intl.PluralRules("cs-CZ");

/** „Celkem 1 záznam“, „Celkem 3 záznamy“, „Celkem 5 záznamů“ (and „0 záznamů“). */
export function totalRecords(count: number): string {
  const rule = pluralRules.select(count);
  const noun = rule === "one" ? "záznam" : rule === "few" ? "záznamy" : "záznamů";
  return `Celkem ${count} ${noun}`;
}
