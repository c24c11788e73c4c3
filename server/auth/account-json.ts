/** Accounts as the GoTrue wire protocol describes them: the user object and a session. */
import type { mfaFactors, Role, users } from "#database/schema";

export type UserRow = typeof users.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;

/** The user as GoTrue describes one; the browser library keeps it in the session. */
export type UserJson = ReturnType<typeof toUserJson>;

/** A session as GoTrue answers it. */
export type SessionJson = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
};

/** A factor as GoTrue lists it in the user object (never its secret). */
export function toFactorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName ?? undefined,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
  };
}

/**
 * `app_metadata.roles`: the roles the account held when its session was last
 * issued or refreshed, where GoTrue keeps what the user cannot change. The
 * browser keeps the user object with the session, so a public page tells an
 * administrator from its stored session without the session library
 * (web/lib/stored-session.ts); the server checks the role itself on every request.
 */
export function toUserJson(user: UserRow, factors: FactorRow[] = [], roles: Role[] = []) {
  const created = user.createdAt.toISOString();
  const confirmed = user.emailConfirmedAt?.toISOString() ?? null;
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: confirmed,
    confirmed_at: confirmed,
    phone: "",
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    app_metadata: { provider: "email", providers: ["email"], roles },
    user_metadata: user.userMetadata,
    identities: [],
    created_at: created,
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
    // GoTrue leaves the key out when there are none.
    ...(factors.length > 0 && { factors: factors.map(toFactorJson) }),
  };
}
