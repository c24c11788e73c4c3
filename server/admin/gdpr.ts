/**
 * Everything stored about one e-mail address, for the owner to hand over
 * (an access request) or to erase (an erasure request): the submissions sent
 * from it, the e-mails those caused or sent to it, and an account if there is one.
 */
import { eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import {
  authSessions,
  formSubmissions,
  mailOutbox,
  memberAccessRequests,
  mfaFactors,
  signInAddresses,
  signInDevices,
  userRoles,
  users,
} from "#database/schema";
import type { AddressSummary } from "#shared/inbox-schemas";
import { renderStoredMail, withoutLinkTokens } from "../mail/outbox";
import { deleteSubmissions, toSubmission } from "./submissions";

const sameAddress = (column: typeof formSubmissions.email | typeof mailOutbox.to, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

async function findAddressData(db: Database, email: string) {
  const submissions = await db
    .select()
    .from(formSubmissions)
    .where(sameAddress(formSubmissions.email, email))
    .orderBy(formSubmissions.createdAt);
  const ids = submissions.map((submission) => submission.id);
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(
      ids.length > 0
        ? or(sameAddress(mailOutbox.to, email), inArray(mailOutbox.submissionId, ids))
        : sameAddress(mailOutbox.to, email),
    )
    .orderBy(mailOutbox.id);
  const [account] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return { submissions, mails, account };
}

export async function summarizeAddress(db: Database, email: string): Promise<AddressSummary> {
  const { submissions, mails, account } = await findAddressData(db, email);
  return { email, submissions: submissions.length, mails: mails.length, account: Boolean(account) };
}

/**
 * What an account keeps besides itself: its sign-ins (each with its browser and address), the
 * address blocks and devices trusted for sign-in, its authenticator apps (never a secret) and
 * its request for the members' section.
 */
async function accountRecords(db: Database, userId: string) {
  const [roles, sessions, addresses, devices, factors, requests] = await Promise.all([
    db.select().from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, userId))
      .orderBy(authSessions.createdAt),
    db.select().from(signInAddresses).where(eq(signInAddresses.userId, userId)),
    db.select().from(signInDevices).where(eq(signInDevices.userId, userId)),
    db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)),
    db.select().from(memberAccessRequests).where(eq(memberAccessRequests.userId, userId)),
  ]);
  return {
    roles: roles.map((role) => role.role),
    sign_ins: sessions.map((session) => ({
      created_at: session.createdAt.toISOString(),
      refreshed_at: session.refreshedAt?.toISOString() ?? null,
      user_agent: session.userAgent,
      ip_address: session.ipAddress,
    })),
    trusted_address_blocks: addresses.map((address) => ({
      address_block: address.addressBlock,
      last_sign_in_at: address.lastSignInAt.toISOString(),
    })),
    trusted_devices: devices.map((device) => ({
      created_at: device.createdAt.toISOString(),
      last_sign_in_at: device.lastSignInAt.toISOString(),
    })),
    authenticator_apps: factors.map((factor) => ({
      name: factor.friendlyName,
      status: factor.status,
      created_at: factor.createdAt.toISOString(),
    })),
    members_access_requested_at: requests[0]?.requestedAt.toISOString() ?? null,
  };
}

/** The export: every stored field (never a password hash or a secret), in one JSON document. */
export async function exportAddress(db: Database, email: string, now: Date) {
  const { submissions, mails, account } = await findAddressData(db, email);
  const records = account ? await accountRecords(db, account.id) : null;
  return {
    email,
    exported_at: now.toISOString(),
    submissions: submissions.map((row) => {
      // How its e-mails fared is in `mails`, each with its own status.
      const { mail_state: _, ...submission } = toSubmission(row, null);
      return submission;
    }),
    mails: (
      await Promise.all(
        mails.map(async (mail) => ({
          ...mail,
          // Not sent yet: rendered now, as the worker will (an e-mail that cannot be has no text).
          text:
            mail.text ??
            (await renderStoredMail(mail).then(
              ({ text }) => text,
              () => null,
            )),
        })),
      )
    ).map((mail) => ({
      id: mail.id,
      submission_id: mail.submissionId,
      kind: mail.kind,
      to: mail.to,
      status: mail.status,
      subject: mail.subject,
      // A confirmation or recovery link without its token, also while the e-mail still waits.
      text: mail.text === null ? null : withoutLinkTokens(mail.text),
      created_at: mail.createdAt.toISOString(),
      sent_at: mail.sentAt?.toISOString() ?? null,
    })),
    account: account
      ? {
          id: account.id,
          email: account.email,
          user_metadata: account.userMetadata,
          created_at: account.createdAt.toISOString(),
          email_confirmed_at: account.emailConfirmedAt?.toISOString() ?? null,
          last_sign_in_at: account.lastSignInAt?.toISOString() ?? null,
          ...records,
        }
      : null,
  };
}

export type EraseOutcome = { erased: AddressSummary } | { refused: "own_account" };

/**
 * Erases what `summarizeAddress` counts, in one transaction: the submissions
 * through `deleteSubmissions` (their e-mails by cascade), other e-mails to
 * the address, and the account with its sessions. Her own account stays.
 */
export async function eraseAddress(
  db: Database,
  email: string,
  by: { userId: string; email: string },
  at?: Date,
): Promise<EraseOutcome> {
  if (email.toLowerCase() === by.email.toLowerCase()) return { refused: "own_account" };
  return db.transaction(async (tx) => {
    const { submissions, mails, account } = await findAddressData(tx, email);
    await deleteSubmissions(
      tx,
      submissions.map((row) => row.id),
      "gdpr_erase",
      { kind: "account", ...by },
      at,
    );
    const left = mails.map((mail) => mail.id);
    if (left.length > 0) await tx.delete(mailOutbox).where(inArray(mailOutbox.id, left));
    if (account) await tx.delete(users).where(eq(users.id, account.id));
    return {
      erased: {
        email,
        submissions: submissions.length,
        mails: mails.length,
        account: Boolean(account),
      },
    };
  });
}
