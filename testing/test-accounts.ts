/**
 * Accounts for tests of a `startTestServer` server: registered over HTTP,
 * their address marked confirmed, given a role as the
 * command line gives it, and signed in. Start the server with
 * `ADMIN_REQUIRE_2FA=false` for an administrator who is let in without an app.
 */
import { eq } from "drizzle-orm";
import { type Role, users } from "#database/schema";
import { grantRole } from "#server/auth/roles";
import { startTestServer, type TestServer } from "./test-app";
import type { TestDatabase } from "./test-databases";

export const testPassword = "heslo-pro-testy-123";

async function postJson(server: TestServer, path: string, body: unknown) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Waits until the sign-up's work, done after its answer, has made the account. */
async function waitForAccount(server: Pick<TestServer, "db">, email: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    if (row) return;
    await new Promise((wait) => setTimeout(wait, 20));
  }
  throw new Error(`sign-up of ${email} made no account`);
}

/** Registers `email` (confirmed), grants `role` if given, signs in and returns the access token. */
export async function createSignedInAccount(
  server: TestServer,
  email: string,
  role?: Role,
): Promise<string> {
  const signUp = await postJson(server, "/auth/v1/signup", {
    email,
    password: testPassword,
    data: { full_name: "Testovací Účet" },
  });
  if (signUp.status !== 200) throw new Error(`sign-up of ${email}: ${signUp.status}`);
  // The account is made after the answer; confirmed as the link in her e-mail would
  // (that flow has its own tests; here mail may go to SMTP).
  await waitForAccount(server, email);
  await server.db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(users.email, email.toLowerCase()));
  if (role) {
    const outcome = await grantRole(server.db, {
      account: { email },
      role,
      actor: { kind: "command_line" },
    });
    if (outcome !== "granted") throw new Error(`granting ${role} to ${email}: ${outcome}`);
  }
  const signIn = await postJson(server, "/auth/v1/token?grant_type=password", {
    email,
    password: testPassword,
  });
  if (signIn.status !== 200) throw new Error(`sign-in of ${email}: ${signIn.status}`);
  return ((await signIn.json()) as { access_token: string }).access_token;
}

/** A request as the holder of `token` (the administration's API, as her screens make it). */
export function requestAs(
  server: TestServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${server.origin}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * A test server with her signed in (without a second factor) and her publishes recorded in
 * `published`, not rendered: how the tests of her content through the API begin.
 */
export async function startServerSignedInAsAdmin(
  open: TestDatabase["open"],
  published: string[][],
): Promise<{ server: TestServer; token: string }> {
  const server = await startTestServer({
    open,
    settings: { ADMIN_REQUIRE_2FA: "false" },
    publishPages: async (paths) => {
      published.push([...paths]);
    },
  });
  return { server, token: await createSignedInAccount(server, "spravkyne@example.cz", "admin") };
}
