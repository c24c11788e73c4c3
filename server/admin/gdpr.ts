/**
 * Everything stored about one e-mail address, for the owner to hand over
 * (an access request) or to erase (an erasure request): the parts of
 * `personalDataRegistry` (the submissions sent from it, the e-mails those
 * caused or sent to it, and an account if there is one).
 */
import type { Database } from "#database/open-database";
import type { AddressSummary } from "#shared/inbox-schemas";
import { type AddressPart, type Erasure, personalDataRegistry } from "../personal-data";

const addressParts = personalDataRegistry.flatMap(({ address }) => (address ? [address] : []));

/** What each part finds for the address, one after another (in the erasure's transaction too). */
async function findAddressData(db: Database, email: string) {
  const data: { part: AddressPart; found: unknown }[] = [];
  for (const part of addressParts) data.push({ part, found: await part.find(db, email) });
  return data;
}

function summarize(email: string, data: Awaited<ReturnType<typeof findAddressData>>) {
  const summary: AddressSummary = {
    email,
    submissions: 0,
    bookings: 0,
    eventSignups: 0,
    subscribers: 0,
    mails: 0,
    account: false,
  };
  for (const { part, found } of data) Object.assign(summary, part.summarize(found));
  return summary;
}

export async function summarizeAddress(db: Database, email: string): Promise<AddressSummary> {
  return summarize(email, await findAddressData(db, email));
}

/** The export: every stored field (never a password hash or a secret), in one JSON document. */
export async function exportAddress(db: Database, email: string, now: Date) {
  const document: Record<string, unknown> = { email, exported_at: now.toISOString() };
  for (const { part, found } of await findAddressData(db, email)) {
    Object.assign(document, await part.export(db, found));
  }
  return document;
}

export type EraseOutcome = { erased: AddressSummary } | { refused: "own_account" };

/**
 * Erases what `summarizeAddress` counts, in one transaction, part by part in
 * the registry's order (the submissions through `deleteSubmissions`, audited,
 * their e-mails by cascade; then the other e-mails; then the account with all
 * it keeps). Her own account stays.
 */
export async function eraseAddress(
  db: Database,
  email: string,
  by: { userId: string; email: string },
  at?: Date,
  eventSignups?: Erasure["eventSignups"],
): Promise<EraseOutcome> {
  if (email.toLowerCase() === by.email.toLowerCase()) return { refused: "own_account" };
  return db.transaction(async (tx) => {
    const data = await findAddressData(tx, email);
    for (const { part, found } of data) await part.erase(tx, found, { by, at, eventSignups });
    return { erased: summarize(email, data) };
  });
}
