import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { authMessages, passwordMax } from "#shared/auth-schemas";
import { limits } from "#shared/form-schemas";
import { createClientAddress } from "../client-address";
import type { RecoveryMail } from "../mail/outbox";
import { addressBlock, type RateLimiter } from "../rate-limit";
import { type Accounts, type SessionJson, type SignOutScope, toUserJson } from "./accounts";
import { AuthError, authErrorBody } from "./auth-errors";
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

const emailSchema = z.string().check(z.trim(), z.maxLength(limits.emailMax), z.email());

const signUpBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  data: z.optional(z.object({ full_name: z.optional(z.string()) })),
});

const signInBodySchema = z.object({ email: z.string(), password: z.string() });
const refreshBodySchema = z.object({ refresh_token: z.string().check(z.minLength(1)) });
const recoverBodySchema = z.object({ email: z.string() });
const updateUserBodySchema = z.object({
  email: z.optional(z.string()),
  password: z.optional(z.string()),
  data: z.optional(z.record(z.string(), z.unknown())),
});
const verifyBodySchema = z.object({
  type: z.string(),
  token_hash: z.optional(z.string()),
  token: z.optional(z.string()),
  email: z.optional(z.string()),
});
const signOutScopes = ["global", "local", "others"] as const satisfies SignOutScope[];

async function readBody<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AuthError("bad_json");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AuthError("validation_failed");
  return parsed.data;
}

function checkEmail(email: string): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new AuthError("email_address_invalid");
  return parsed.data;
}

function checkNewPassword(password: string) {
  if (password.length < limits.passwordMin) {
    throw new AuthError("weak_password", { weak_password: { reasons: ["length"] } });
  }
  if (password.length > passwordMax) {
    throw new AuthError(
      "weak_password",
      { weak_password: { reasons: ["length"] } },
      authMessages.passwordTooLong,
    );
  }
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

  api.post("/signup", async (c) => {
    await limit(c, "signUpPerAddress");
    const body = await readBody(c, signUpBodySchema);
    const email = checkEmail(body.email);
    checkNewPassword(body.password);
    const fullName = body.data?.full_name?.trim() ?? "";
    if (fullName.length === 0 || fullName.length > limits.nameMax) {
      throw new AuthError("validation_failed", {}, authMessages.fullNameRequired);
    }
    return answerSession(c, await accounts.signUp({ email, password: body.password, fullName }));
  });

  api.post("/token", async (c) => {
    const grantType = c.req.query("grant_type");
    if (grantType === "password") {
      await limit(c, "signInPerAddress");
      const body = await readBody(c, signInBodySchema);
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
      const body = await readBody(c, refreshBodySchema);
      return answerSession(c, await accounts.refreshSession(body.refresh_token));
    }
    throw new AuthError("unsupported_grant_type");
  });

  api.get("/user", async (c) => {
    const { user } = await accounts.authenticate(c.req.header("Authorization"));
    return c.json(toUserJson(user));
  });

  api.put("/user", async (c) => {
    const who = await accounts.authenticate(c.req.header("Authorization"));
    const body = await readBody(c, updateUserBodySchema);
    if (body.email !== undefined && body.email.trim().toLowerCase() !== who.user.email) {
      throw new AuthError("email_change_not_supported");
    }
    if (body.password !== undefined) checkNewPassword(body.password);
    return c.json(await accounts.updateUser(who, { password: body.password, data: body.data }));
  });

  api.post("/logout", async (c) => {
    const scope = c.req.query("scope") ?? "global";
    if (!signOutScopes.includes(scope as SignOutScope)) throw new AuthError("validation_failed");
    const who = await accounts.authenticate(c.req.header("Authorization"));
    await accounts.signOut(who, scope as SignOutScope);
    return c.body(null, 204);
  });

  api.post("/recover", async (c) => {
    await limit(c, "recoverPerAddress");
    const body = await readBody(c, recoverBodySchema);
    const email = checkEmail(body.email).toLowerCase();
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

  api.post("/verify", async (c) => {
    await limit(c, "verifyPerAddress");
    const body = await readBody(c, verifyBodySchema);
    if (body.type !== "recovery" || !body.token_hash) throw new AuthError("otp_expired");
    return answerSession(c, await accounts.redeemRecoveryToken(body.token_hash));
  });

  api.all("*", () => {
    throw new AuthError("not_found");
  });

  api.onError((error, c) => {
    c.header("X-Supabase-Api-Version", apiVersionHeader["X-Supabase-Api-Version"]);
    c.header("Cache-Control", "no-store");
    if (error instanceof AuthError) return c.json(authErrorBody(error), error.status);
    console.error("Auth request failed", error);
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
