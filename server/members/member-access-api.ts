/**
 * The members' section's own routes: whether the signed-in account may see
 * the materials, and its request for access, which tells the owner by e-mail
 * (through the outbox, in the same transaction as the request) at most once
 * a day per account. She grants the role on the users page. Relative to /api;
 * part of the members' sub-app (`createMembersApp`), whose guard lets any
 * signed-in account through.
 */

import { eq, lte } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "#database/open-database";
import { memberAccessRequests } from "#database/schema";
import {
  type AccessRequestJson,
  accessRequestIntervalMs,
  type MemberAccessJson,
  memberAccessMessages,
} from "#shared/member-access";
import { ApiError } from "../api-error";
import type { Accounts } from "../auth/accounts";
import { isMember, type SignedInEnv } from "../auth/require-signed-in";
import type { Clock } from "../clock";
import { composeAccessRequestMail, type MailSettings, writeToOutbox } from "../mail/outbox";

export type MemberAccessDependencies = {
  db: Database;
  clock: Clock;
  accounts: Accounts;
  mail: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  /** Called once mail is in the outbox (wakes the mail worker). */
  onMailQueued?: () => void;
};

export function createMemberAccessApi({
  db,
  clock,
  accounts,
  mail,
  onMailQueued,
}: MemberAccessDependencies) {
  return new Hono<SignedInEnv>()
    .get("/members/access", async (c) => {
      const { user } = c.get("account");
      const [request] = await db
        .select({ requestedAt: memberAccessRequests.requestedAt })
        .from(memberAccessRequests)
        .where(eq(memberAccessRequests.userId, user.id));
      const body: MemberAccessJson = {
        member: await isMember(accounts, user.id),
        accessRequestedAt: request?.requestedAt.toISOString() ?? null,
      };
      return c.json(body);
    })
    .post("/members/access-requests", async (c) => {
      const { user } = c.get("account");
      // Until the address is confirmed, the account may be anyone's: the owner hears of none.
      if (user.emailConfirmedAt === null) {
        throw new ApiError(403, "email_not_confirmed", memberAccessMessages.emailNotConfirmed);
      }
      if (await isMember(accounts, user.id)) {
        throw new ApiError(409, "already_member", memberAccessMessages.alreadyMember);
      }
      const now = clock.now();
      const fullName =
        typeof user.userMetadata.full_name === "string" ? user.userMetadata.full_name : null;
      const composed = composeAccessRequestMail(
        { email: user.email, fullName, requestedAt: now },
        mail,
      );
      // One statement decides, so two requests at once send one e-mail: the
      // row is written (and the mail queued) only when none is younger than a day.
      const sent = await db.transaction(async (tx) => {
        const [written] = await tx
          .insert(memberAccessRequests)
          .values({ userId: user.id, requestedAt: now })
          .onConflictDoUpdate({
            target: memberAccessRequests.userId,
            set: { requestedAt: now },
            setWhere: lte(
              memberAccessRequests.requestedAt,
              new Date(now.getTime() - accessRequestIntervalMs),
            ),
          })
          .returning({ requestedAt: memberAccessRequests.requestedAt });
        if (written) await writeToOutbox(tx, [composed], { dueAt: now });
        return written !== undefined;
      });
      if (sent) onMailQueued?.();
      const [request] = await db
        .select({ requestedAt: memberAccessRequests.requestedAt })
        .from(memberAccessRequests)
        .where(eq(memberAccessRequests.userId, user.id));
      const body: AccessRequestJson = {
        sent,
        accessRequestedAt: (request?.requestedAt ?? now).toISOString(),
      };
      return c.json(body, sent ? 201 : 200);
    });
}
