/**
 * The roles in the user object of a session (`app_metadata.roles`), which the
 * browser keeps with the session: a public page tells an administrator from
 * her stored session without the session library or a request
 * (web/lib/stored-session.ts). They follow the account at each refresh.
 */
import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantRole, revokeRole } from "#server/auth/roles";
import { authStorageKey } from "#shared/auth-storage-key";
import { createSignedInAccount, testPassword } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

let server: TestServer;
let counter = 0;

function newEmail(label: string) {
  counter += 1;
  return `${label}${counter}-${Date.now()}@example.cz`;
}

/** A browser's session library with its storage, signed in as `email`. */
async function signInBrowser(email: string) {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  const client = new AuthClient({
    url: `${server.origin}/auth/v1`,
    storageKey: authStorageKey(new URL(server.origin).hostname),
    storage,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    headers: { "X-Forwarded-For": `198.51.100.${counter % 250}` },
  });
  const { error } = await client.signInWithPassword({ email, password: testPassword });
  expect(error).toBeNull();
  /** The roles in the session the browser stored, as a public page reads them. */
  const storedRoles = () => {
    const stored = JSON.parse(values.get(authStorageKey(new URL(server.origin).hostname)) ?? "{}");
    return stored.user?.app_metadata?.roles;
  };
  return { client, storedRoles };
}

describe.each(testDatabases)("on $name", ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open, settings: { ADMIN_REQUIRE_2FA: "false" } });
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  it(
    "a stored session lists the account's roles: an administrator's, a member's, none",
    async () => {
      const admin = newEmail("spravkyne");
      const member = newEmail("clenka");
      const nobody = newEmail("navstevnice");
      await createSignedInAccount(server, admin, "admin");
      await createSignedInAccount(server, member, "member");
      await createSignedInAccount(server, nobody);

      expect((await signInBrowser(admin)).storedRoles()).toEqual(["admin"]);
      expect((await signInBrowser(member)).storedRoles()).toEqual(["member"]);
      expect((await signInBrowser(nobody)).storedRoles()).toEqual([]);
      // The same user object answers GET /user, and the provider fields stay as GoTrue has them.
      const { client } = await signInBrowser(admin);
      const { data } = await client.getUser();
      expect(data.user?.app_metadata).toEqual({
        provider: "email",
        providers: ["email"],
        roles: ["admin"],
      });
    },
    testTimeoutMs,
  );

  it(
    "a role given or taken shows in the stored session at its next refresh",
    async () => {
      const email = newEmail("clenka");
      await createSignedInAccount(server, email, "member");
      const { client, storedRoles } = await signInBrowser(email);
      expect(storedRoles()).toEqual(["member"]);

      const actor = { kind: "command_line" } as const;
      await grantRole(server.db, { account: { email }, role: "admin", actor });
      expect((await client.refreshSession()).error).toBeNull();
      expect(storedRoles()).toEqual(["admin", "member"]);

      await revokeRole(server.db, { account: { email }, role: "admin", actor });
      expect((await client.refreshSession()).error).toBeNull();
      expect(storedRoles()).toEqual(["member"]);
    },
    testTimeoutMs,
  );
});
