/**
 * The owner's view of the list: a search over name, e-mail, phone and
 * message, and filters by form type, date range, state and e-mail fate,
 * read from and written to the page's address (so a reload or a shared link
 * shows the same view). All in the browser, over the whole list it already
 * holds: an index built once, then one pass per keystroke.
 */
import { type FormType, formTypes, toFormType } from "#shared/form-schemas";
import { pragueDay } from "#shared/prague-time";
import type { Submission } from "#shared/submission";

/**
 * A submission's state, one word each wherever she reads it (badges, the record, its buttons,
 * the filter, the CSV): a message in her inbox is „Nová“ until she opens it, then
 * „Přečtená“, and „Vyřízená“ once she has dealt with it.
 */
export const stateWords = { new: "Nová", read: "Přečtená", handled: "Vyřízená" } as const;

/** How its e-mails fared, in the words of the badges: „E-mail čeká“, „E-mail neodešel“. */
export const mailStateLabels = {
  sent: "E-maily odešly",
  pending: "E-mail čeká",
  failed: "E-mail neodešel",
} as const;

/** The filter's states: the three words in the plural, and the two that still want her. */
export const stateFilters = {
  nove: "Nové",
  prectene: "Přečtené",
  vyrizene: "Vyřízené",
  nevyrizene: "Nové a přečtené",
} as const;
export type StateFilter = keyof typeof stateFilters;

export const mailFilters = {
  neodeslane: mailStateLabels.failed,
  cekajici: mailStateLabels.pending,
} as const;
export type MailFilter = keyof typeof mailFilters;

export type InboxFilter = {
  /** Words to find (each must occur), as typed. */
  query: string;
  formType: FormType | null;
  /** Days in Prague, YYYY-MM-DD, both ends included. */
  from: string | null;
  to: string | null;
  state: StateFilter | null;
  mail: MailFilter | null;
};

/** The names in the address: short and Czech, as the owner sees them. */
export const filterParams = {
  query: "hledat",
  formType: "formular",
  from: "od",
  to: "do",
  state: "stav",
  mail: "emaily",
} as const;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

export const emptyFilter: InboxFilter = {
  query: "",
  formType: null,
  from: null,
  to: null,
  state: null,
  mail: null,
};

export function readFilter(params: URLSearchParams): InboxFilter {
  const date = (value: string | null) => (value && datePattern.test(value) ? value : null);
  const formType = params.get(filterParams.formType);
  const state = params.get(filterParams.state);
  const mail = params.get(filterParams.mail);
  return {
    query: (params.get(filterParams.query) ?? "").slice(0, 200),
    formType:
      formType && (formTypes as string[]).includes(formType) ? (formType as FormType) : null,
    from: date(params.get(filterParams.from)),
    to: date(params.get(filterParams.to)),
    state: state && Object.hasOwn(stateFilters, state) ? (state as StateFilter) : null,
    mail: mail && Object.hasOwn(mailFilters, mail) ? (mail as MailFilter) : null,
  };
}

/** The filter as query parameters; empty ones are left out. */
export function writeFilter(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(filterParams) as (keyof InboxFilter)[]) {
    const value = filter[key];
    if (value) params.set(filterParams[key], value);
  }
  return params;
}

export function isFiltered(filter: InboxFilter): boolean {
  return writeFilter(filter).size > 0;
}

/** Lower case without diacritics: „Dvořáková“ is found by „dvorakova“ and by „Dvořák“. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** What the filter compares, per submission: built once per list. */
export type SearchEntry = {
  text: string;
  digits: string;
  formType: FormType | null;
  /** The day in Prague, YYYY-MM-DD. */
  day: string;
};

export function buildSearchIndex(submissions: readonly Submission[]): SearchEntry[] {
  return submissions.map((submission) => ({
    text: fold(
      `${submission.name}\n${submission.email}\n${submission.phone ?? ""}\n${submission.message ?? ""}`,
    ),
    digits: (submission.phone ?? "").replace(/\D/g, ""),
    formType: toFormType(submission.form_type),
    day: pragueDay(submission.created_at),
  }));
}

export const isNew = (submission: Submission) => !submission.read_at;
export const isHandled = (submission: Submission) => Boolean(submission.handled_at);

/** „Nová“, „Přečtená“ or „Vyřízená“. */
export function stateLabel(submission: Submission): string {
  if (isHandled(submission)) return stateWords.handled;
  return isNew(submission) ? stateWords.new : stateWords.read;
}

/** Where the list was left (its search and filters), for the detail view's way back. */
export const listViewKey = "admin-list-view";

/** The submissions the filter lets through, in their order. */
export function applyFilter(
  submissions: readonly Submission[],
  index: readonly SearchEntry[],
  filter: InboxFilter,
): Submission[] {
  if (!isFiltered(filter)) return submissions as Submission[];
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  // A query of digits (and spaces, +, brackets) also finds a phone number written with other spacing.
  const digits = /^[\d\s+()-]+$/.test(filter.query) ? filter.query.replace(/\D/g, "") : "";
  const result: Submission[] = [];
  for (let position = 0; position < submissions.length; position++) {
    const submission = submissions[position] as Submission;
    const entry = index[position] as SearchEntry;
    if (filter.formType && entry.formType !== filter.formType) continue;
    if (filter.from && entry.day < filter.from) continue;
    if (filter.to && entry.day > filter.to) continue;
    if (filter.state === "nove" && !isNew(submission)) continue;
    if (filter.state === "prectene" && (isNew(submission) || isHandled(submission))) continue;
    if (filter.state === "nevyrizene" && isHandled(submission)) continue;
    if (filter.state === "vyrizene" && !isHandled(submission)) continue;
    if (filter.mail === "neodeslane" && submission.mail_state !== "failed") continue;
    if (filter.mail === "cekajici" && submission.mail_state !== "pending") continue;
    if (words.length > 0) {
      const found =
        words.every((word) => entry.text.includes(word)) ||
        (digits.length >= 3 && entry.digits.includes(digits));
      if (!found) continue;
    }
    result.push(submission);
  }
  return result;
}
