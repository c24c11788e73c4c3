/**
 * The current view as a CSV file that Czech Excel opens by double-click:
 * UTF-8 with a byte-order mark, `;` between cells, CRLF lines, and cells
 * that start like a formula (=, +, -, @) quoted so they stay text.
 */
import Papa from "papaparse";
import { pragueDay } from "#shared/prague-time";
import type { Submission } from "#shared/submission";
import { mailStateLabels, stateLabel } from "~/components/admin/inbox-filter";
import {
  formatSubmittedAt,
  formTypeName,
  serviceLabel,
} from "~/components/admin/submission-format";

export const csvHeader = [
  "Datum",
  "Typ formuláře",
  "Jméno",
  "E-mail",
  "Telefon",
  "Služba",
  "Zpráva",
  "Stav",
  "E-maily",
] as const;

export function toCsv(submissions: readonly Submission[]): string {
  const rows = submissions.map((submission) => [
    formatSubmittedAt(submission.created_at),
    formTypeName(submission.form_type),
    submission.name,
    submission.email,
    submission.phone ?? "",
    serviceLabel(submission, ""),
    submission.message ?? "",
    stateLabel(submission),
    submission.mail_state ? mailStateLabels[submission.mail_state] : "",
  ]);
  const body = Papa.unparse(
    { fields: [...csvHeader], data: rows },
    { delimiter: ";", newline: "\r\n", quotes: false, escapeFormulae: /^[=+\-@\t\r]/ },
  );
  return `\ufeff${body}\r\n`;
}

/** „odeslana-data-2026-11-23.csv“ */
export function csvFileName(now: Date): string {
  return `odeslana-data-${pragueDay(now)}.csv`;
}

export { downloadFile } from "~/components/admin/download-file";
