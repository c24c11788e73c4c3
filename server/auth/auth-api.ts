import { type Context, Hono } from "hono";
import { routePath } from "hono/route";
import type { z } from "zod/mini";
import {
  passwordSignInRequestSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
  verifyRequestSchema,
} from "#shared/auth-schemas";
import { ApiError } from "../api-error";
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
import type { RecoveryMail } from "../mail/outbox";
import { addressBlock, type RateLimiter } from "../rate-limit";
import { type Accounts, type SessionJson, type SignOutScope, toUserJson } from "./accounts";
import { AuthError, type AuthErrorCode, authErrorBody } from "./auth-errors";
import { type AuthRateLimits, authRateLimits, type SignInThrottle } from "./throttling";

export type AuthApiDependencies = {
  accounts: Accounts;
  /** The public origin of the site: links in e-mails point here and redirects may only go here. */
  siteUrl: string;
  sendRecoveryEmail: (email: RecoveryMail) => Promise<void>;
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
  siteUrl,
  sendRecoveryEmail,
  rateLimiter,
  signInThrottle,
  rateLimits = authRateLimits,
  clientAddress = createClientAddress(false),
}: AuthApiDependencies) {
  const api = new Hono();
  const siteOrigin = new URL(siteUrl).origin;

  async function limit(c: Context, name: keyof AuthRateLimits) {
    const key = addressBlock(clientAddress(c));
    if (!(await rateLimiter.hit(`${name}:${key}`, rateLimits[name])).allowed) {
      throw new AuthError("over_request_rate_limit");
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

  api.use(async (c, next) => {
    await next();
    c.header("X-Supabase-Api-Version", apiVersionHeader["X-Supabase-Api-Version"]);
    c.header("Cache-Control", "no-store");
  });

  // Every query parameter is checked before any handler queries the database.
  api.use(refuseUnstorableQueries);

  api.post("/signup", authJson(signUpRequestSchema, true), async (c) => {
    await limit(c, "signUpPerAddress");
    const body = c.req.valid("json");
    return answerSession(
      c,
      await accounts.signUp({
        email: body.email,
        password: body.password,
        fullName: body.data.full_name,
      }),
    );
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
        session = await accounts.signInWithPassword(body.email, body.password);
      } catch (error) {
        if (error instanceof AuthError && error.code === "invalid_credentials") {
          await attempt.failed();
        }
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
    return c.json(toUserJson(user));
  });

  api.put("/user", authJson(updateUserRequestSchema, true), async (c) => {
    const body = c.req.valid("json");
    const who = await accounts.authenticate(c.req.header("Authorization"));
    if (body.email !== undefined && body.email.trim().toLowerCase() !== who.user.email) {
      throw new AuthError("email_change_not_supported");
    }
    return c.json(await accounts.updateUser(who, { password: body.password, data: body.data }));
  });

  // The library sends no body here; a large one is refused before it is read.
  api.post("/logout", limitBody(maxAuthBodyBytes), async (c) => {
    const scope = c.req.query("scope") ?? "global";
    if (!signOutScopes.includes(scope as SignOutScope)) throw new AuthError("invalid_scope");
    const who = await accounts.authenticate(c.req.header("Authorization"));
    await accounts.signOut(who, scope as SignOutScope);
    return c.body(null, 204);
  });

  api.post("/recover", authJson(recoverRequestSchema), async (c) => {
    await limit(c, "recoverPerAddress");
    const email = c.req.valid("json").email.toLowerCase();
    // Limited per address whether or not an account exists, so the answer tells nothing.
    const emailKey = `recoveryEmailPerEmail:${email}`;
    if (!(await rateLimiter.hit(emailKey, rateLimits.recoveryEmailPerEmail)).allowed) {
      throw new AuthError("over_email_send_rate_limit");
    }
    const recovery = await accounts.createRecoveryToken(email);
    if (recovery) {
      const link = new URL("/auth/v1/verify", siteOrigin);
      link.searchParams.set("token", recovery.token);
      link.searchParams.set("type", "recovery");
      link.searchParams.set("redirect_to", safeRedirect(c.req.query("redirect_to")));
      const fullName = recovery.user.userMetadata.full_name;
      await sendRecoveryEmail({
        to: recovery.user.email,
        fullName: typeof fullName === "string" ? fullName : null,
        link: link.href,
      });
    }
    return c.json({});
  });

  api.get("/verify", async (c) => {
    const redirectTo = new URL(safeRedirect(c.req.query("redirect_to")));
    const token = c.req.query("token");
    let fragment: URLSearchParams;
    try {
      await limit(c, "verifyPerAddress");
      if (c.req.query("type") !== "recovery" || !token) throw new AuthError("otp_expired");
      const session = await accounts.redeemRecoveryToken(token);
      fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type: "recovery",
      });
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
    return answerSession(c, await accounts.redeemRecoveryToken(body.token_hash));
  });

  api.all("/signup", refuseOtherMethods("POST"));
  api.all("/token", refuseOtherMethods("POST"));
  api.all("/user", refuseOtherMethods("GET", "PUT"));
  api.all("/logout", refuseOtherMethods("POST"));
  api.all("/recover", refuseOtherMethods("POST"));
  api.all("/verify", refuseOtherMethods("GET", "POST"));
  api.all("*", () => {
    throw new AuthError("not_found");
  });

  api.onError((error, c) => {
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
