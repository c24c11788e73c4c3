/**
 * Her subscribers as a CSV file that Czech Excel opens by double-click, in the inbox's manner
 * (web/components/admin/csv-export.ts): UTF-8 with a byte-order mark, `;` between cells, CRLF
 * lines, and cells that start like a formula quoted so they stay text.
 */
import Papa from "papaparse";
import { newsletterSourceLabels, newsletterStateLabels } from "#shared/newsletter";
import type { NewsletterSubscriberJson } from "#shared/newsletter-schemas";
import { pragueDay } from "#shared/prague-time";
import { formatDateTime } from "~/components/admin/user-format";

export const newsletterCsvHeader = [
  "E-mail",
  "Jméno",
  "Stav",
  "Odkud",
  "Souhlas",
  "Potvrzeno",
  "Odhlášeno",
] as const;

export function toNewsletterCsv(subscribers: readonly NewsletterSubscriberJson[]): string {
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : "");
  const rows = subscribers.map((subscriber) => [
    subscriber.email,
    subscriber.name ?? "",
    newsletterStateLabels[subscriber.state],
    newsletterSourceLabels[subscriber.source],
    when(subscriber.consented_at),
    when(subscriber.confirmed_at),
    when(subscriber.unsubscribed_at),
  ]);
  const body = Papa.unparse(
    { fields: [...newsletterCsvHeader], data: rows },
    { delimiter: ";", newline: "\r\n", quotes: false, escapeFormulae: /^[=+\-@\t\r]/ },
  );
  return `\ufeff${body}\r\n`;
}

/** „odberatele-novinek-2026-11-29.csv“ */
export function newsletterCsvFileName(now: Date): string {
  return `odberatele-novinek-${pragueDay(now)}.csv`;
}
