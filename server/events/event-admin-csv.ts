/**
 * The people of one event as a CSV file that Czech Excel opens by double-click, by the inbox's
 * conventions (`web/components/admin/csv-export.ts`): UTF-8 with a byte-order mark, `;` between
 * cells, CRLF lines, and a cell that starts like a formula (=, +, -, @) quoted so it stays text.
 * Made on the server, because downloading the list is a fact for the audit log.
 */
import Papa from "papaparse";
import { formatPragueDateTime, pragueDay } from "#shared/prague-time";

export type SignupState = "confirmed" | "waitlisted" | "cancelled";

export type SignupRow = {
  state: SignupState;
  name: string;
  email: string;
  phone: string | null;
  places: number;
  note: string | null;
  createdAt: Date;
};

export const signupStateLabels: Record<SignupState, string> = {
  confirmed: "Potvrzeno",
  waitlisted: "Čeká na místo",
  cancelled: "Zrušeno",
};

export const signupsCsvHeader = [
  "Stav",
  "Jméno",
  "E-mail",
  "Telefon",
  "Počet míst",
  "Poznámka",
  "Přihlášení",
] as const;

export function toSignupsCsv(signups: readonly SignupRow[]): string {
  const rows = signups.map((signup) => [
    signupStateLabels[signup.state],
    signup.name,
    signup.email,
    signup.phone ?? "",
    String(signup.places),
    signup.note ?? "",
    formatPragueDateTime(signup.createdAt),
  ]);
  const body = Papa.unparse(
    { fields: [...signupsCsvHeader], data: rows },
    { delimiter: ";", newline: "\r\n", quotes: false, escapeFormulae: /^[=+\-@\t\r]/ },
  );
  return `\ufeff${body}\r\n`;
}

/** „prihlaseni-podzimni-setkani-2027-01-07.csv“: the event's address and its day. */
export function signupsCsvFileName(slug: string, startsAt: Date): string {
  return `prihlaseni-${slug}-${pragueDay(startsAt)}.csv`;
}
