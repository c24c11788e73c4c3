/**
 * A session unused for `sessionIdleDays` ends (GoTrue's inactivity timeout),
 * driven by the real browser library: its refresh answers 400
 * `session_expired`, the library forgets it, and the server no longer has it.
 * A session in use lives on however old it is.
 */
import { AuthClient } from "@supabase/auth-js";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authSessions, users } from "#database/schema";
import { authStorageKey } from "#shared/auth-storage-key";
import { sessionIdleLifetimeMs } from "#shared/session-lifetime";
import { startTestServer, type TestServer } from "#testing/test-app";
import { testDatabases } from "#testing/test-databases";

const minute = 60_000;

describe.each(testDatabases)("a session's idle lifetime on $name", ({ open }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ open });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A browser's session library at `address`; Date is moved for the library and the server alike. */
  function browser(address: string) {
    const items = new Map<string, string>();
    return new AuthClient({
      url: `${server.origin}/auth/v1`,
      storageKey: authStorageKey("127"),
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      },
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      headers: { "X-Forwarded-For": address },
    });
  }

  it("ends a session unused for the idle lifetime, and keeps one in use", async () => {
    const email = `necinna-${Date.now()}@example.cz`;
    const password = "heslo-necinne-relace-4";
    const start = Date.now();
    const idle = browser("198.51.100.11");
    const inUse = browser("198.51.100.12");
    expect(
      (await idle.signUp({ email, password, options: { data: { full_name: "Jana Nečinná" } } }))
        .error,
    ).toBeNull();
    await server.confirmEmail(email);
    expect((await idle.signInWithPassword({ email, password })).error).toBeNull();
    expect((await inUse.signInWithPassword({ email, password })).error).toBeNull();

    // A minute before the limit: the session in use refreshes, and its limit starts again.
    vi.setSystemTime(start + sessionIdleLifetimeMs - minute);
    expect((await inUse.refreshSession()).error).toBeNull();

    // A minute after it: the idle one is over, and the browser library forgets it.
    vi.setSystemTime(start + sessionIdleLifetimeMs + minute);
    const expired = await idle.refreshSession();
    expect(expired.error).toMatchObject({ status: 400, code: "session_expired" });
    expect(expired.error?.message).toBe("Přihlášení vypršelo. Přihlaste se prosím znovu.");
    expect((await idle.getSession()).data.session).toBeNull();

    // The server kept only the session in use (and with it, the idle one's browser and address went).
    const [account] = await server.db.select().from(users).where(eq(users.email, email));
    const left = await server.db
      .select({ ipAddress: authSessions.ipAddress })
      .from(authSessions)
      .where(eq(authSessions.userId, account?.id ?? ""));
    // (The confirmation link opened a session of its own, from the test's loopback address: it
    // was never refreshed, so housekeeping deletes it, not a refresh.)
    const addresses = left.map((session) => session.ipAddress);
    expect(addresses).toContain("198.51.100.12");
    expect(addresses).not.toContain("198.51.100.11");

    // Twice the idle lifetime after sign-in, the session in use still works.
    vi.setSystemTime(start + 2 * sessionIdleLifetimeMs - 2 * minute);
    expect((await inUse.refreshSession()).error).toBeNull();
    expect((await inUse.getUser()).data.user?.email).toBe(email);
  });
});
