import { and, eq } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { mailOutbox } from "#database/schema";

export type ResendOutcome = "queued" | "not_found" | "not_failed";

/**
 * Puts a failed e-mail back in the outbox as if new: pending, due now, its
 * attempts counted afresh (the worker then sends it; `onMailQueued` wakes it).
 */
export async function resendFailedMail(
  db: Database,
  id: string,
  now: Date,
): Promise<ResendOutcome> {
  if (!/^[1-9]\d{0,15}$/.test(id)) return "not_found";
  const mailId = Number(id);
  const updated = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedUntil: null })
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  if (updated.length > 0) return "queued";
  const [existing] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, mailId));
  return existing ? "not_failed" : "not_found";
}
