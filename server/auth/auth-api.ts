import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { routePath } from "hono/route";
import type { z } from "zod/mini";
import type { Database } from "#database/open-database";
import {
  challengeFactorRequestSchema,
  enrollFactorRequestSchema,
  passwordSignInRequestSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  resendRequestSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
  verifyFactorRequestSchema,
  verifyRequestSchema,
} from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { ApiError, retryAfter } from "../api-error";
import { answerSent, type BackgroundTasks, createBackgroundTasks } from "../background-tasks";
import { createClientAddress } from "../client-address";
import { summarizeError } from "../error-summary";
import {
  jsonBody,
  limitBody,
  readJsonBody,
  refuseOtherMethods,
  refuseUnstorableQueries,
} from "../json-route";
import { log } from "../logger";
import type {
  ConfirmationMail,
  PasswordChangedMail,
  RecoveryMail,
  SignUpAttemptMail,
} from "../mail/outbox";
import { addressBlock, type RateLimiter } from "../rate-limit";
import { noteErrorCode } from "../request-log";
import {
  type Accounts,
  adminRole,
  isOpenedByLink,
  normaliseEmail,
  type SessionDevice,
  type SessionJson,
  type SignOutScope,
  type UserJson,
  type UserRow,
} from "./accounts";
import { AuthError, type AuthErrorCode, authErrorBody } from "./auth-errors";
import { refuseCommonPassword } from "./common-passwords";
import type { Factors } from "./factors";
import { type AuthRateLimits, authRateLimits, type SignInThrottle } from "./throttling";
import { buildVerifyLink } from "./verify-link";

export type AuthApiDependencies = {
  accounts: Accounts;
  /** Two-factor sign-in: the `/factors` endpoints. */
  factors: Factors;
  /** The public origin of the site: links in e-mails point here and redirects may only go here. */
  siteUrl: string;
  sendRecoveryEmail: (email: RecoveryMail) => Promise<void>;
  sendConfirmationEmail: (email: ConfirmationMail) => Promise<void>;
  /** To an address that has an account, instead of a confirmation: someone tried to register it. */
  sendSignUpAttemptEmail: (email: SignUpAttemptMail) => Promise<void>;
  /** Stores the notice of a new password in the transaction that sets it. */
  storePasswordChangedEmail: (tx: Database, email: PasswordChangedMail) => Promise<void>;
  /** Wakes the mail worker once mail stored in a transaction has been committed. */
  onMailQueued?: () => void;
  /** Runs the work of `/recover` and `/resend` after the answer, so its timing tells nothing. */
  background?: BackgroundTasks;
  rateLimiter: RateLimiter;
  signInThrottle: SignInThrottle;
  rateLimits?: AuthRateLimits;
  clientAddress?: (c: Context) => string;
};

const apiVersionHeader = { "X-Supabase-Api-Version": "2024-01-01" };

/** The largest auth body: an e-mail, a password and 2 KB of metadata fit many times over. */
export const maxAuthBodyBytes = 8 * 1024;

const signOutScopes = ["global", "local", "others"] as const satisfies SignOutScope[];

/** The GoTrue code for a refused field; any other field is `validation_failed`. */
const fieldCodes: Record<string, AuthErrorCode> = {
  email: "email_address_invalid",
  password: "weak_password",
};

/**
 * How a refused body reads to @supabase/auth-js: the field's GoTrue code (a
 * weak password with its reasons, as the library expects) and the message of
 * the check that failed. A sign-in's password is never "weak", just missing.
 */
function refuseAuthBody({ passwordIsNew }: { passwordIsNew: boolean }) {
  return (message: string, field: string | undefined) => {
    let code = (field && fieldCodes[field]) || "validation_failed";
    if (code === "weak_password" && !passwordIsNew) code = "validation_failed";
    const extra = code === "weak_password" ? { weak_password: { reasons: ["length"] } } : {};
    return new AuthError(code, extra, message);
  };
}

function authJson<S extends z.ZodMiniType>(schema: S, passwordIsNew = false) {
  return jsonBody(schema, {
    maxBytes: maxAuthBodyBytes,
    invalid: refuseAuthBody({ passwordIsNew }),
  });
}

/**
 * The subset of the GoTrue HTTP API that `@supabase/auth-js` calls, mounted
 * at /auth/v1. Every answer carries the API version header, so the browser
 * reads error codes from `code`.
 */
export function createAuthApi({
  accounts,
  factors,
  siteUrl,
  sendRecoveryEmail,
  sendConfirmationEmail,
  sendSignUpAttemptEmail,
  storePasswordChangedEmail,
  onMailQueued,
  background = createBackgroundTasks(),
  rateLimiter,
  signInThrottle,
  rateLimits = authRateLimits,
  clientAddress = createClientAddress(false),
}: AuthApiDependencies) {
  const api = new Hono();
  const siteOrigin = new URL(siteUrl).origin;

  async function limit(c: Context, name: keyof AuthRateLimits) {
    const key = addressBlock(clientAddress(c));
    const hit = await rateLimiter.hit(`${name}:${key}`, rateLimits[name]);
    if (!hit.allowed) {
      throw new AuthError(
        "over_request_rate_limit",
        {},
        undefined,
        retryAfter(hit.retryAfterSeconds),
      );
    }
  }

  /** Redirects stay on this site: anything else falls back to its home page. */
  function safeRedirect(redirectTo: string | undefined): string {
    if (redirectTo) {
      try {
        const url = new URL(redirectTo, siteOrigin);
        if (url.origin === siteOrigin) return url.href;
      } catch {
        // not a URL: fall through
      }
    }
    return `${siteOrigin}/`;
  }

  const answerSession = (c: Context, session: SessionJson) => c.json(session, 200);
  /** The browser a new session opens in, for her list of sign-ins. */
  const deviceOf = (c: Context): SessionDevice => ({
    userAgent: c.req.header("User-Agent"),
    ipAddress: clientAddress(c),
  });

  /** A link to `GET /verify`, as GoTrue writes it into its e-mails. */
  function verifyLink(token: string, type: "recovery" | "signup", redirectTo: string | undefined) {
    return buildVerifyLink(siteOrigin, token, type, safeRedirect(redirectTo));
  }

  /**
   * Where a followed link lands: each account at its own door. An administrator, or an account
   * with an authenticator app (whose code that page asks for), at the page the link names (the
   * administration's sign-in, or the site's home page after a registration, as the
   * specification has it); everyone else in the members' area of the members' page.
   */
  async function landingOf(
    userId: string,
    requested: URL,
  ): Promise<{ door: "administration" | "members"; url: URL }> {
    const [isAdmin, factors] = await Promise.all([
      accounts.hasRole(userId, adminRole),
      accounts.listFactors(userId),
    ]);
    if (isAdmin || factors.some((factor) => factor.status === "verified")) {
      return { door: "administration", url: requested };
    }
    return { door: "members", url: new URL(paths.members, siteOrigin) };
  }

  /** A session in a link's landing address, as GoTrue writes it for auth-js to take. */
  function sessionFragment(session: SessionJson, type: "recovery" | "signup") {
    return new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    });
  }

  function fullNameOf(user: UserRow): string | null {
    const fullName = user.userMetadata.full_name;
    return typeof fullName === "string" ? fullName : null;
  }

  /** One e-mail a minute to one address, whether or not it has an account. */
  async function limitMailTo(
    email: string,
    rule: "recoveryEmailPerEmail" | "confirmationEmailPerEmail",
  ) {
    const hit = await rateLimiter.hit(`${rule}:${email}`, rateLimits[rule]);
    if (!hit.allowed) {
      throw new AuthError(
        "over_email_send_rate_limit",
        {},
        undefined,
        retryAfter(hit.retryAfterSeconds),
      );
    }
  }

  api.use(async (c, next) => {
    await next();
    c.header("X-Supabase-Api-Version", apiVersionHeader["X-Supabase-Api-Version"]);
    c.header("Cache-Control", "no-store");
  });

  // Every query parameter is checked before any handler queries the database.
  api.use(refuseUnstorableQueries);

  // Answered alike for every address, before the account is even looked up (as `/recover`):
  // a new address gets its account and a confirmation link, an unconfirmed one a new link
  // with this password, a confirmed one a notice to its owner. Neither the answer nor its
  // timing tells which. No session: the account signs in once its address is confirmed.
  api.post("/signup", authJson(signUpRequestSchema, true), async (c) => {
    await limit(c, "signUpPerAddress");
    const body = c.req.valid("json");
    const email = normaliseEmail(body.email);
    refuseCommonPassword(body.password);
    await limitMailTo(email, "confirmationEmailPerEmail");
    const redirectTo = c.req.query("redirect_to");
    const request = { id: randomUUID(), email, fullName: body.data.full_name };
    background.run(
      "sign-up",
      async () => {
        const signedUp = await accounts.signUp({ ...request, password: body.password });
        if (signedUp.kind === "exists") {
          await sendSignUpAttemptEmail({
            to: signedUp.user.email,
            fullName: fullNameOf(signedUp.user),
          });
          return;
        }
        await sendConfirmationEmail({
          to: signedUp.user.email,
          fullName: body.data.full_name,
          link: verifyLink(signedUp.confirmationToken, "signup", redirectTo),
        });
      },
      answerSent(c),
    );
    return c.json(accounts.signUpAnswer(request), 200);
  });

  api.post("/token", async (c) => {
    const grantType = c.req.query("grant_type");
    if (grantType === "password") {
      await limit(c, "signInPerAddress");
      const body = await readAuthJson(c, passwordSignInRequestSchema);
      // Answers 429 before the password is checked when this source may not try now.
      const attempt = await signInThrottle.begin(c, body.email, clientAddress(c));
      let session: SessionJson;
      try {
        session = await accounts.signInWithPassword(body.email, body.password, deviceOf(c));
      } catch (error) {
        const wrongPassword = error instanceof AuthError && error.code === "invalid_credentials";
        await (wrongPassword ? attempt.failed() : attempt.abandoned());
        throw error;
      }
      await attempt.succeeded(c, session.user.id);
      return answerSession(c, session);
    }
    if (grantType === "refresh_token") {
      await limit(c, "refreshPerAddress");
      const body = await readAuthJson(c, refreshRequestSchema);
      return answerSession(c, await accounts.refreshSession(body.refresh_token));
    }
    throw new AuthError("unsupported_grant_type");
  });

  api.get("/user", async (c) => {
    const { user } = await accounts.authenticate(c.req.header("Authorization"));
    return c.json(await accounts.describeUser(user));
  });

  api.put("/user", authJson(updateUserRequestSchema, true), async (c) => {
    const body = c.req.valid("json");
    const who = await accounts.authenticate(c.req.header("Authorization"));
    if (body.email !== undefined && body.email.trim().toLowerCase() !== who.user.email) {
      throw new AuthError("email_change_not_supported");
    }
    const changes = {
      password: body.password,
      currentPassword: body.current_password,
      data: body.data,
    };
    if (body.password === undefined) return c.json(await accounts.updateUser(who, changes));

    // Each new password is checked and hashed: limited as sign-ins are.
    await limit(c, "signInPerAddress");
    // If it was not her, the notice tells her at once (GoTrue's "password changed" e-mail),
    // stored with the new password. Only to a confirmed address: an account made with
    // someone else's address must not mail its owner.
    const notify = async (tx: Database, user: UserRow, changedAt: Date) => {
      if (user.emailConfirmedAt === null) return;
      await storePasswordChangedEmail(tx, {
        to: user.email,
        fullName: fullNameOf(user),
        changedAt,
      });
    };
    let updated: UserJson;
    if (isOpenedByLink(who.amr)) {
      updated = await accounts.updateUser(who, changes, notify);
    } else {
      // Her current password is checked here: wrong ones count as wrong sign-ins do, so a
      // stolen session cannot guess it faster than the sign-in page could.
      const attempt = await signInThrottle.begin(c, who.user.email, clientAddress(c));
      try {
        updated = await accounts.updateUser(who, changes, notify);
      } catch (error) {
        const wrongPassword =
          error instanceof AuthError && error.code === "current_password_invalid";
        await (wrongPassword ? attempt.failed() : attempt.abandoned());
        throw error;
      }
    }
    onMailQueued?.();
    return c.json(updated);
  });

  // The library sends no body here; a large one is refused before it is read.
  api.post("/logout", limitBody(maxAuthBodyBytes), async (c) => {
    const scope = c.req.query("scope") ?? "global";
    if (!signOutScopes.includes(scope as SignOutScope)) throw new AuthError("invalid_scope");
    const who = await accounts.authenticate(c.req.header("Authorization"));
    await accounts.signOut(who, scope as SignOutScope);
    return c.body(null, 204);
  });

  // Limited per address whether or not an account exists, and answered before
  // the account is even looked up: neither the answer nor its timing tells
  // whether the address has an account.
  api.post("/recover", authJson(recoverRequestSchema), async (c) => {
    await limit(c, "recoverPerAddress");
    const email = c.req.valid("json").email.toLowerCase();
    await limitMailTo(email, "recoveryEmailPerEmail");
    const redirectTo = c.req.query("redirect_to");
    background.run(
      "password recovery",
      async () => {
        const recovery = await accounts.createRecoveryToken(email);
        if (!recovery) return;
        await sendRecoveryEmail({
          to: recovery.user.email,
          fullName: fullNameOf(recovery.user),
          link: verifyLink(recovery.token, "recovery", redirectTo),
        });
      },
      answerSent(c),
    );
    return c.json({});
  });

  // GoTrue's resend of the sign-up confirmation, answered like `/recover`.
  api.post("/resend", authJson(resendRequestSchema), async (c) => {
    await limit(c, "resendPerAddress");
    const email = c.req.valid("json").email.toLowerCase();
    await limitMailTo(email, "confirmationEmailPerEmail");
    const redirectTo = c.req.query("redirect_to");
    background.run(
      "confirmation e-mail",
      async () => {
        const confirmation = await accounts.createConfirmationTokenFor(email);
        if (!confirmation) return;
        await sendConfirmationEmail({
          to: confirmation.user.email,
          fullName: fullNameOf(confirmation.user),
          link: verifyLink(confirmation.token, "signup", redirectTo),
        });
      },
      answerSent(c),
    );
    return c.json({});
  });

  api.get("/verify", async (c) => {
    let redirectTo = new URL(safeRedirect(c.req.query("redirect_to")));
    const token = c.req.query("token");
    let fragment: URLSearchParams;
    const type = c.req.query("type");
    try {
      await limit(c, "verifyPerAddress");
      if (type === "signup" && token) {
        const user = await accounts.confirmEmail(token);
        const landing = await landingOf(user.id, redirectTo);
        redirectTo = landing.url;
        if (landing.door === "members") {
          // Signed in, as GoTrue's link does: the members' area takes the session from the
          // address (its code loads at once for it) and offers to ask for access.
          const session = await accounts.startConfirmedSession(user, deviceOf(c));
          fragment = sessionFragment(session, "signup");
        } else {
          // The administration's door: she signs in there as usual (no session rides in the
          // address of a page that never loads the session library to take it).
          fragment = new URLSearchParams({ type: "signup" });
        }
      } else {
        if (type !== "recovery" || !token) throw new AuthError("otp_expired");
        const session = await accounts.redeemRecoveryToken(token, deviceOf(c));
        redirectTo = (await landingOf(session.user.id, redirectTo)).url;
        fragment = sessionFragment(session, "recovery");
      }
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment = new URLSearchParams({
        error: error.status === 429 ? "over_request_rate_limit" : "access_denied",
        error_code: error.code,
        error_description: error.message,
      });
    }
    redirectTo.hash = fragment.toString();
    return c.redirect(redirectTo.href, 303);
  });

  api.post("/verify", authJson(verifyRequestSchema), async (c) => {
    await limit(c, "verifyPerAddress");
    const body = c.req.valid("json");
    if (!body.token_hash) throw new AuthError("otp_expired");
    return answerSession(c, await accounts.redeemRecoveryToken(body.token_hash, deviceOf(c)));
  });

  // Two-factor sign-in with a TOTP app, as GoTrue's /factors (docs/auth-mfa.md).
  const signedIn = (c: Context) => accounts.authenticate(c.req.header("Authorization"));

  api.post("/factors", authJson(enrollFactorRequestSchema), async (c) => {
    await limit(c, "factorsPerAddress");
    const body = c.req.valid("json");
    return c.json(
      await factors.enroll(await signedIn(c), {
        friendlyName: body.friendly_name,
        issuer: body.issuer,
      }),
    );
  });

  // Registered before `/factors/:id/…`: GoTrue's path, as auth-js's `mfa.recoveryCodes.regenerate`.
  api.post("/factors/recovery-codes/regenerate", limitBody(maxAuthBodyBytes), async (c) => {
    await limit(c, "factorsPerAddress");
    return c.json(await factors.regenerateRecoveryCodes(await signedIn(c)));
  });

  api.post("/factors/:id/challenge", authJson(challengeFactorRequestSchema), async (c) => {
    await limit(c, "factorsPerAddress");
    return c.json(await factors.challenge(await signedIn(c), c.req.param("id"), clientAddress(c)));
  });

  api.post("/factors/:id/verify", authJson(verifyFactorRequestSchema), async (c) => {
    await limit(c, "factorsPerAddress");
    const body = c.req.valid("json");
    const session = await factors.verify(
      await signedIn(c),
      c.req.param("id"),
      { challengeId: body.challenge_id, code: body.code },
      clientAddress(c),
    );
    return answerSession(c, session);
  });

  api.delete("/factors/:id", limitBody(maxAuthBodyBytes), async (c) => {
    await limit(c, "factorsPerAddress");
    return c.json(await factors.unenroll(await signedIn(c), c.req.param("id")));
  });

  api.all("/signup", refuseOtherMethods("POST"));
  api.all("/factors", refuseOtherMethods("POST"));
  api.all("/factors/:id", refuseOtherMethods("DELETE"));
  api.all("/factors/recovery-codes/regenerate", refuseOtherMethods("POST"));
  api.all("/factors/:id/challenge", refuseOtherMethods("POST"));
  api.all("/factors/:id/verify", refuseOtherMethods("POST"));
  api.all("/token", refuseOtherMethods("POST"));
  api.all("/user", refuseOtherMethods("GET", "PUT"));
  api.all("/logout", refuseOtherMethods("POST"));
  api.all("/recover", refuseOtherMethods("POST"));
  api.all("/resend", refuseOtherMethods("POST"));
  api.all("/verify", refuseOtherMethods("GET", "POST"));
  api.all("*", () => {
    throw new AuthError("not_found");
  });

  api.onError((error, c) => {
    noteErrorCode(c, error instanceof ApiError ? error.code : "unexpected_failure");
    c.header("X-Supabase-Api-Version", apiVersionHeader["X-Supabase-Api-Version"]);
    c.header("Cache-Control", "no-store");
    if (error instanceof ApiError) {
      return c.json(authErrorBody(error), error.status, error.headers);
    }
    log.error(
      {
        requestId: c.get("requestId" as never),
        method: c.req.method,
        route: routePath(c),
        error: summarizeError(error),
      },
      "Auth request failed",
    );
    return c.json(
      {
        code: "unexpected_failure",
        error_code: "unexpected_failure",
        message: "Něco se pokazilo. Zkuste to prosím znovu.",
      },
      500,
    );
  });

  return api;
}

/** The shared JSON checks, inside a handler whose schema depends on the query. */
function readAuthJson<S extends z.ZodMiniType>(c: Context, schema: S) {
  return readJsonBody(c, schema, {
    maxBytes: maxAuthBodyBytes,
    invalid: refuseAuthBody({ passwordIsNew: false }),
  });
}
