/**
 * The import from the original site, on sample exports written in the exact
 * formats the hosted dashboard produces (testing/fixtures/supabase-export),
 * into both databases, with the old password signing in through the real
 * @supabase/auth-js.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { AuthClient } from "@supabase/auth-js";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { formSubmissions, mailOutbox, userRoles, users } from "#database/schema";
import { authStorageKey } from "#shared/auth-storage-key";
import { toFormType } from "#shared/form-schemas";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { describeOutcome, type ExportFile, importFromSupabase } from "./import-supabase";

const fixtures = join(import.meta.dirname, "../testing/fixtures/supabase-export");
const readExport = async (name: string): Promise<ExportFile> => {
  const path = join(fixtures, name);
  return { path, text: await readFile(path, "utf8") };
};
const readRecords = async (name: string) =>
  parse((await readExport(name)).text, { columns: true }) as Record<string, string>[];

/** `2024-06-12 08:30:15.5+00` as PostgreSQL prints it in UTC with microseconds. */
function microseconds(value: string): string {
  const [seconds = "", fraction = ""] = value.replace(/\+00$/, "").split(".");
  return `${seconds}.${fraction.padEnd(6, "0")}`;
}
const utc = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;

const sampleFiles = async () => ({
  submissions: await readExport("form_submissions.csv"),
  users: await readExport("users.csv"),
  roles: await readExport("user_roles.csv"),
});

describe.each(testDatabases)("the import from the original site on $name", (database) => {
  let handle: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    handle = await database.open();
  }, openTimeoutMs);
  afterAll(async () => {
    if (server) await server.close();
    else await handle?.close();
  });

  it(
    "carries every field of every row over, maps the legacy form types and sends no e-mail",
    async () => {
      const outcome = await importFromSupabase(handle.db, await sampleFiles());
      expect(outcome).toEqual({
        ok: true,
        submissions: { added: 6, alreadyHere: 0 },
        accounts: { added: 2, alreadyHere: 0 },
        roles: { added: 1, alreadyHere: 0 },
        skippedRoles: { user: 1 },
      });

      const stored = await handle.db
        .select({ row: formSubmissions, createdAt: utc(formSubmissions.createdAt) })
        .from(formSubmissions);
      const expected = await readRecords("form_submissions.csv");
      expect(stored).toHaveLength(expected.length);
      for (const record of expected) {
        const found = stored.find(({ row }) => row.id === record.id);
        expect(found?.createdAt).toBe(microseconds(record.created_at ?? ""));
        expect(found?.row).toMatchObject({
          formType: toFormType(record.form_type ?? ""),
          name: record.name,
          email: record.email,
          phone: record.phone || null,
          serviceType: record.service_type || null,
          message: record.message || null,
          privacyConsent: true,
        });
      }
      expect(stored.map(({ row }) => row.formType).sort()).toEqual([
        "contact",
        "contact",
        "gift_fragrance",
        "gift_fragrance",
        "gift_ritual",
        "gift_ritual",
      ]);

      const accounts = await handle.db
        .select({
          row: users,
          createdAt: utc(users.createdAt),
          confirmedAt: utc(users.emailConfirmedAt),
          lastSignInAt: utc(users.lastSignInAt),
        })
        .from(users)
        .orderBy(users.createdAt);
      const expectedAccounts = await readRecords("users.csv");
      expect(accounts).toHaveLength(2);
      for (const [index, record] of expectedAccounts.entries()) {
        const account = accounts[index];
        expect(account?.row).toMatchObject({
          id: record.id,
          email: record.email?.toLowerCase(),
          passwordHash: record.encrypted_password,
          userMetadata: JSON.parse(record.raw_user_meta_data ?? ""),
        });
        expect(account?.createdAt).toBe(microseconds(record.created_at ?? ""));
        expect(account?.confirmedAt).toBe(
          record.email_confirmed_at ? microseconds(record.email_confirmed_at) : null,
        );
        expect(account?.lastSignInAt).toBe(
          record.last_sign_in_at ? microseconds(record.last_sign_in_at) : null,
        );
      }

      const storedRoles = await handle.db
        .select({ row: userRoles, createdAt: utc(userRoles.createdAt) })
        .from(userRoles);
      expect(storedRoles).toEqual([
        {
          row: expect.objectContaining({
            id: "c0ffee00-0000-4000-8000-000000000001",
            userId: "9a1b2c3d-1111-4aaa-8bbb-000000000001",
            role: "admin",
          }),
          createdAt: "2024-03-01 09:05:00.000000",
        },
      ]);
      expect(await handle.db.$count(mailOutbox)).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    "a second run adds nothing and says so",
    async () => {
      const outcome = await importFromSupabase(handle.db, await sampleFiles());
      expect(outcome).toMatchObject({
        ok: true,
        submissions: { added: 0, alreadyHere: 6 },
        accounts: { added: 0, alreadyHere: 2 },
        roles: { added: 0, alreadyHere: 1 },
      });
      expect(describeOutcome(outcome)[0]).toBe("Nothing new to import: every row is already here.");
      expect(await handle.db.$count(formSubmissions)).toBe(6);
    },
    testTimeoutMs,
  );

  it(
    "a file with a bad row imports nothing and names the file and the line",
    async () => {
      const outcome = await importFromSupabase(handle.db, {
        submissions: await readExport("form_submissions-bad-row.csv"),
      });
      expect(outcome).toEqual({
        ok: false,
        problems: [
          {
            file: "form_submissions-bad-row.csv",
            // Line 1 is the header; the first record's message spans lines 2 and 3.
            line: 4,
            message: "form_type „poptavka“ is not a known form type",
          },
        ],
      });
      expect(describeOutcome(outcome)).toEqual([
        "Nothing was imported: 1 row needs fixing first.",
        "  form_submissions-bad-row.csv line 4: form_type „poptavka“ is not a known form type",
      ]);
      expect(await handle.db.$count(formSubmissions)).toBe(6);
    },
    testTimeoutMs,
  );

  it(
    "an account whose e-mail is taken here by another id stops the whole import",
    async () => {
      const usersFile = {
        path: "users.csv",
        text:
          "id,email,encrypted_password,email_confirmed_at,raw_user_meta_data,created_at,last_sign_in_at\n" +
          "9a1b2c3d-3333-4ccc-8ddd-000000000003,novy@example.cz,,,,2024-09-01 10:00:00+00,\n" +
          "9a1b2c3d-4444-4ddd-8eee-000000000004,KATERINA@example.cz,,,,2024-09-01 10:00:00+00,\n",
      };
      const outcome = await importFromSupabase(handle.db, { users: usersFile });
      expect(outcome).toEqual({
        ok: false,
        problems: [
          {
            file: "users.csv",
            line: 3,
            message:
              "an account with the e-mail katerina@example.cz already exists here under another id",
          },
        ],
      });
      expect(await handle.db.$count(users, eq(users.email, "novy@example.cz"))).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    "an imported account signs in with its old password through @supabase/auth-js, and its hash becomes argon2id",
    async () => {
      server = await startTestServer({ open: async () => handle });
      const client = new AuthClient({
        url: `${server.origin}/auth/v1`,
        storageKey: authStorageKey(new URL(server.origin).hostname),
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        headers: { "X-Forwarded-For": "198.51.100.91" },
      });
      const wrong = await client.signInWithPassword({
        email: "katerina@example.cz",
        password: "nespravne-heslo",
      });
      expect(wrong.error?.code).toBe("invalid_credentials");

      const { data, error } = await client.signInWithPassword({
        email: "Katerina@Example.cz",
        password: "stare-heslo-2024",
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        id: "9a1b2c3d-1111-4aaa-8bbb-000000000001",
        email: "katerina@example.cz",
        email_confirmed_at: "2024-03-01T09:00:05.250Z",
        created_at: "2024-03-01T09:00:00.123Z",
        user_metadata: { full_name: "Kateřina Lesní" },
      });
      const [account] = await handle.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, "katerina@example.cz"));
      expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

      await client.signOut();
      const again = await client.signInWithPassword({
        email: "katerina@example.cz",
        password: "stare-heslo-2024",
      });
      expect(again.error).toBeNull();

      // The $2b$ account, whose address was never confirmed, keeps its password too: it is told
      // to confirm the address first (an answer given only after the right password), as any
      // unconfirmed account is.
      const member = await client.signInWithPassword({
        email: "clen@example.cz",
        password: "Jinak Heslo 7",
      });
      expect(member.error?.code).toBe("email_not_confirmed");
      const memberWrong = await client.signInWithPassword({
        email: "clen@example.cz",
        password: "spatne heslo 7",
      });
      expect(memberWrong.error?.code).toBe("invalid_credentials");
    },
    testTimeoutMs * 2,
  );
});

describe("npm run import", () => {
  it(
    "imports the exports into the embedded database named by DATA_DIR and prints the report",
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "import-cli-"));
      try {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            "--import",
            "tsx",
            "scripts/import.ts",
            "supabase",
            "--submissions",
            join(fixtures, "form_submissions.csv"),
            "--users",
            join(fixtures, "users.csv"),
            "--roles",
            join(fixtures, "user_roles.csv"),
          ],
          { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
        );
        expect(stdout).toBe(
          [
            "Imported from the original site (no e-mail was sent):",
            "  form submissions: 6 added, 0 already here",
            "  accounts: 2 added, 0 already here",
            "  roles: 1 added, 0 already here",
            "  skipped 1 × role „user“: this site has only admin, member",
            "",
          ].join("\n"),
        );
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    openTimeoutMs,
  );
});
