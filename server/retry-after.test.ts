import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import { sampleContact } from "#testing/sample-submissions";
import { createSignedInAccount, testPassword } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";

/** Every 429 says when to come back: whole seconds, within the longest window (an hour). */
function expectRetryAfter(response: Response) {
  expect(response.status).toBe(429);
  const header = response.headers.get("Retry-After");
  expect(header, "Retry-After").toMatch(/^\d+$/);
  expect(Number(header)).toBeGreaterThanOrEqual(1);
  expect(Number(header)).toBeLessThanOrEqual(3600);
}

// Each case sends tens of requests, some with a password to hash: seconds on a busy machine.
describe.each(testDatabases)("Retry-After on every 429 on $name", ({ open }) => {
  let server: TestServer;
  let addressCount = 0;
  /** A client address of its own for each case (the test server trusts X-Forwarded-For). */
  const nextAddress = () => `198.51.100.${++addressCount}`;

  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Sends until the first 429 (at most `most` requests) and returns it. */
  async function untilRefused(most: number, send: (index: number) => Promise<Response>) {
    for (let index = 0; index < most; index++) {
      const response = await send(index);
      if (response.status === 429) return response;
      await response.body?.cancel();
    }
    throw new Error(`no 429 in ${most} requests`);
  }

  beforeAll(async () => {
    server = await startTestServer({
      open,
      settings: { FORM_RATE_LIMIT_PER_HOUR: "2", ADMIN_REQUIRE_2FA: "false" },
    });
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  it("the forms' limit per address", async () => {
    const from = { "X-Forwarded-For": nextAddress() };
    const refused = await untilRefused(3, () => post("/api/form-submissions", sampleContact, from));
    expectRetryAfter(refused);
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });

    // The plain post shares this limit and its header (server/forms/form-post-route.test.ts).
  }, 60_000);

  it("sign-in: the limit per address, and the throttle after wrong passwords", async () => {
    const signIn = "/auth/v1/token?grant_type=password";
    // Counted before the body is read: a body that is no sign-in counts too.
    const from = { "X-Forwarded-For": nextAddress() };
    const perAddress = await untilRefused(61, () => post(signIn, {}, from));
    expectRetryAfter(perAddress);
    expect(await perAddress.json()).toMatchObject({ code: "over_request_rate_limit" });

    const email = "hadac-hesel@example.cz";
    await createSignedInAccount(server, email);
    const guesser = { "X-Forwarded-For": nextAddress() };
    const throttled = await untilRefused(11, (index) =>
      post(signIn, { email, password: `spatne-heslo-${index}` }, guesser),
    );
    expectRetryAfter(throttled);
    expect(await throttled.json()).toMatchObject({ code: "over_request_rate_limit" });
  }, 60_000);

  it("password recovery and the sign-up confirmation's resend: per address and per e-mail", async () => {
    const from = { "X-Forwarded-For": nextAddress() };
    const recoverPerAddress = await untilRefused(11, (index) =>
      post("/auth/v1/recover", { email: `obnova${index}@example.cz` }, from),
    );
    expectRetryAfter(recoverPerAddress);

    const recoverPerEmail = await untilRefused(2, () =>
      post("/auth/v1/recover", { email: "jedna@example.cz" }, { "X-Forwarded-For": nextAddress() }),
    );
    expectRetryAfter(recoverPerEmail);
    expect(await recoverPerEmail.json()).toMatchObject({ code: "over_email_send_rate_limit" });

    const resendPerEmail = await untilRefused(2, () =>
      post(
        "/auth/v1/resend",
        { type: "signup", email: "dva@example.cz" },
        { "X-Forwarded-For": nextAddress() },
      ),
    );
    expectRetryAfter(resendPerEmail);
    expect(await resendPerEmail.json()).toMatchObject({ code: "over_email_send_rate_limit" });
  }, 60_000);

  it("the authenticator app: after five wrong codes", async () => {
    const token = await createSignedInAccount(server, "aplikace@example.cz");
    const as = { Authorization: `Bearer ${token}`, "X-Forwarded-For": nextAddress() };
    const enrolled = await post("/auth/v1/factors", { factor_type: "totp" }, as);
    expect(enrolled.status).toBe(200);
    const { id } = (await enrolled.json()) as { id: string };
    const refused = await untilRefused(7, async () => {
      const challenge = await post(`/auth/v1/factors/${id}/challenge`, {}, as);
      const { id: challengeId } = (await challenge.json()) as { id: string };
      return post(
        `/auth/v1/factors/${id}/verify`,
        { challenge_id: challengeId, code: "000000" },
        as,
      );
    });
    expectRetryAfter(refused);
    expect(await refused.json()).toMatchObject({ code: "over_request_rate_limit" });
  }, 60_000);

  it("the administration's „Poslat potvrzení znovu“, once a minute", async () => {
    const adminToken = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    const signUp = await post("/auth/v1/signup", {
      email: "nepotvrzena@example.cz",
      password: testPassword,
      data: { full_name: "Nepotvrzená" },
    });
    expect(signUp.status).toBe(200);
    // The account is made after the answer.
    await server.settle();
    const [user] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "nepotvrzena@example.cz"));
    const refused = await untilRefused(3, () =>
      post(`/api/admin/users/${user?.id}/confirmation-email`, undefined, {
        Authorization: `Bearer ${adminToken}`,
      }),
    );
    expectRetryAfter(refused);
  }, 60_000);
});
