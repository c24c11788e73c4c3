import { type Context, Hono } from "hono";
import type { Database } from "#database/open-database";
import { ApiError, retryAfter } from "#server/api-error";
import { listAuditEntries } from "#server/audit-log";
import type { Accounts } from "#server/auth/accounts";
import type { AdminEnv } from "#server/auth/require-admin";
import {
  type GrantEffects,
  type GrantOutcome,
  grantRole,
  type RevokeOutcome,
  revokeRole,
} from "#server/auth/roles";
import { authRateLimits } from "#server/auth/throttling";
import { buildVerifyLink } from "#server/auth/verify-link";
import type { Clock } from "#server/clock";
import { beforeTheGuard } from "#server/guarded-app";
import { limitBody, queryParams } from "#server/json-route";
import type { ConfirmationMail } from "#server/mail/outbox";
import type { RateLimiter } from "#server/rate-limit";
import { isUuid } from "#shared/auth-schemas";
import {
  auditPageSchema,
  type ConfirmationResendJson,
  type RoleChangeJson,
  roleSchema,
  userAdminMessages,
  userSearchSchema,
} from "#shared/user-admin";
import { findUserSummary, listOwnSessions, listUsers } from "./users";

export type UsersAdminApiDependencies = {
  db: Database;
  clock: Clock;
  /** The new member's welcome e-mail, stored with her role. */
  grantEffects: GrantEffects;
  /** Wakes the mail worker once a welcome is in the outbox. */
  onMailQueued?: () => void;
  /** „Poslat potvrzení znovu“: a new link for an unconfirmed address, through the outbox. */
  confirmation: {
    accounts: Pick<Accounts, "createConfirmationTokenFor">;
    sendConfirmationEmail: (mail: ConfirmationMail) => Promise<void>;
    rateLimiter: RateLimiter;
    /** The site's public origin: the link leads there, as the sign-up's does. */
    siteUrl: string;
  };
};

function userNotFound() {
  return new ApiError(404, "user_not_found", userAdminMessages.userNotFound);
}

/** The role named in the path, or 422 for any other word. */
function readRole(value: string) {
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(422, "unknown_role", userAdminMessages.unknownRole, {
      role: userAdminMessages.unknownRole,
    });
  }
  return parsed.data;
}

function readUserId(value: string) {
  if (!isUuid(value)) throw userNotFound();
  return value;
}

const refusals: Partial<Record<GrantOutcome | RevokeOutcome, () => ApiError>> = {
  unknown_account: userNotFound,
  email_not_confirmed: () =>
    new ApiError(409, "email_not_confirmed", userAdminMessages.emailNotConfirmed),
  predates_confirmation: () =>
    new ApiError(409, "predates_confirmation", userAdminMessages.predatesConfirmation),
  last_admin: () => new ApiError(409, "last_admin", userAdminMessages.lastAdmin),
};

const rolePath = "/admin/users/:id/roles/:role";

/**
 * Users, roles, her own sign-ins and the audit log, relative to /api; part of the
 * administration's one sub-app (`createAdminApp`), whose guard stands before every route.
 */
export function createUsersAdminApi({
  db,
  clock,
  grantEffects,
  onMailQueued,
  confirmation,
}: UsersAdminApiDependencies) {
  const changeRole =
    (action: "grant" | "revoke") => async (c: Context<AdminEnv, typeof rolePath>) => {
      const role = readRole(c.req.param("role"));
      const userId = readUserId(c.req.param("id"));
      const { user } = c.get("admin");
      const change = {
        account: { userId },
        role,
        actor: { kind: "account", userId: user.id, email: user.email } as const,
        at: clock.now(),
      };
      const outcome =
        action === "grant"
          ? await grantRole(db, change, grantEffects)
          : await revokeRole(db, change);
      if (outcome === "granted" && role === "member") onMailQueued?.();
      const refusal = refusals[outcome];
      if (refusal) throw refusal();
      const summary = await findUserSummary(db, userId);
      if (!summary) throw userNotFound();
      const body: RoleChangeJson = {
        outcome: outcome === "granted" || outcome === "revoked" ? "changed" : "unchanged",
        user: summary,
      };
      return c.json(body);
    };

  return (
    new Hono<AdminEnv>()
      .get("/admin/users", queryParams(userSearchSchema), async (c) => {
        return c.json(await listUsers(db, c.req.valid("query").q));
      })
      // No body: anything sizeable is refused unread, before anyone is asked who she is.
      .put(rolePath, beforeTheGuard(limitBody(1024)), changeRole("grant"))
      .delete(rolePath, beforeTheGuard(limitBody(1024)), changeRole("revoke"))
      // The confirmation e-mail again, for an account that has not confirmed its address yet.
      // One e-mail a minute to one address, counted together with the visitor's own `/resend`.
      .post("/admin/users/:id/confirmation-email", beforeTheGuard(limitBody(1024)), async (c) => {
        const userId = readUserId(c.req.param("id"));
        const summary = await findUserSummary(db, userId);
        if (!summary) throw userNotFound();
        if (summary.email_confirmed_at !== null) {
          throw new ApiError(
            409,
            "email_already_confirmed",
            userAdminMessages.emailAlreadyConfirmed,
          );
        }
        const rule = authRateLimits.confirmationEmailPerEmail;
        const hit = await confirmation.rateLimiter.hit(
          `confirmationEmailPerEmail:${summary.email}`,
          rule,
        );
        if (!hit.allowed) {
          throw new ApiError(
            429,
            "confirmation_sent_recently",
            userAdminMessages.confirmationSentRecently,
            undefined,
            retryAfter(hit.retryAfterSeconds),
          );
        }
        const created = await confirmation.accounts.createConfirmationTokenFor(summary.email);
        // Confirmed between the two reads: nothing to send.
        if (!created) {
          throw new ApiError(
            409,
            "email_already_confirmed",
            userAdminMessages.emailAlreadyConfirmed,
          );
        }
        const siteOrigin = new URL(confirmation.siteUrl).origin;
        await confirmation.sendConfirmationEmail({
          to: created.user.email,
          fullName: summary.full_name,
          link: buildVerifyLink(siteOrigin, created.token, "signup", `${siteOrigin}/`),
        });
        const body: ConfirmationResendJson = { sent: true, email: created.user.email };
        return c.json(body);
      })
      .get("/admin/sessions", async (c) => {
        const { user, sessionId } = c.get("admin");
        return c.json({ sessions: await listOwnSessions(db, user.id, sessionId) });
      })
      .get("/admin/audit-log", queryParams(auditPageSchema), async (c) => {
        return c.json(await listAuditEntries(db, { before: c.req.valid("query").before }));
      })
  );
}
