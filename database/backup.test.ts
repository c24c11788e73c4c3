/**
 * Backups and restores on both databases: every table of the schema, one
 * snapshot while submissions keep arriving, restores across the two kinds,
 * and a refusal to overwrite what a database holds.
 */

import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { AuthClient } from "@supabase/auth-js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAdmin } from "#server/auth/roles";
import { publishContent, saveContentDraft } from "#server/content/content-store";
import { authStorageKey } from "#shared/auth-storage-key";
import { contentSeed } from "#shared/content/content-seed";
import { readEveryRow } from "#testing/database-contents";
import { createTestApp, postForm, startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import {
  BackupError,
  derivedTableNames,
  listSchemaTables,
  restoreBackup,
  writeBackup,
} from "./backup";
import type { DatabaseHandle } from "./open-database";

const contact = (name: string) => ({
  formType: "contact",
  name,
  email: "jana@example.cz",
  phone: "+420 777 123 456",
  serviceType: "consultation",
  message: "Dobrý den, ráda bych se objednala.",
  privacyConsent: true,
  website: "",
});

/** The lines of a backup file. */
async function readLines(path: string) {
  return gunzipSync(await readFile(path))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "backup-test-"));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe.each(testDatabases)("a backup of $name", (source) => {
  let server: TestServer;
  let handle: DatabaseHandle;
  let file: string;

  beforeAll(async () => {
    handle = await source.open();
    server = await startTestServer({ open: async () => handle });
    // Rows in every table the site fills: a submission and its e-mails, an
    // account signed in (session, refresh token, device, address), a role,
    // a recovery link and the rate-limit counters all of it touched.
    const form = await fetch(`${server.origin}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.5" },
      body: JSON.stringify(contact("Jana Nováková")),
    });
    expect(form.status).toBe(201);
    const client = new AuthClient({
      url: `${server.origin}/auth/v1`,
      storageKey: authStorageKey("127"),
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      headers: { "X-Forwarded-For": "198.51.100.23" },
    });
    const signUp = await client.signUp({
      email: "katerina@example.cz",
      password: "heslo-123",
      options: { data: { full_name: "Kateřina" } },
    });
    expect(signUp.error).toBeNull();
    await server.confirmEmail("katerina@example.cz");
    expect(await grantAdmin(handle.db, "katerina@example.cz")).toBe("granted");
    expect((await client.resetPasswordForEmail("katerina@example.cz")).error).toBeNull();
    // Her content: a heading published over the defaults (two revisions and an audit entry).
    const editor = { userId: signUp.data.user?.id ?? "", email: "katerina@example.cz" };
    const hero = { ...contentSeed["home-hero"], heading: "Najděte cestu zpátky k sobě" };
    const at = new Date();
    await saveContentDraft(handle.db, { key: "home-hero", version: 1, data: hero, by: editor, at });
    await publishContent(handle.db, { key: "home-hero", version: 2, by: editor, at });
    await server.readMails();
    file = join(directory, `${source.name}.jsonl.gz`);
  }, openTimeoutMs);
  afterAll(() => server?.close());

  it(
    "holds every table of the schema and of the database, with every row",
    async () => {
      const header = await writeBackup(handle, createWriteStream(file));
      const { rows } = (await handle.db.execute(
        sql`select table_name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_name: string }[] };
      // Every table but the page store's, which the server renders again from the build and
      // the content (server/pages/), and the visit counts' day salt and hashes (decision 0039).
      const inDatabase = rows
        .map((row) => row.table_name)
        .filter((table) => !derivedTableNames.includes(table))
        .sort();
      expect([...derivedTableNames].sort()).toEqual([
        "page_store_state",
        "stored_pages",
        "visit_hashes",
        "visit_salts",
      ]);
      expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(derivedTableNames));
      expect(Object.keys(header.tables).sort()).toEqual(inDatabase);
      expect(Object.keys(header.tables).sort()).toEqual(
        listSchemaTables()
          .map((table) => table.name)
          .sort(),
      );

      const lines = await readLines(file);
      expect(lines[0]).toMatchObject({ format: "harmonie-prirody-backup", version: 1 });
      const everything = await readEveryRow(handle);
      for (const [table, tableRows] of Object.entries(everything)) {
        expect(header.tables[table], table).toBe(tableRows.length);
        expect(lines.filter((line) => line.table === table)).toHaveLength(tableRows.length);
      }
      // The sample fills what the site writes in normal use.
      for (const table of [
        "form_submissions",
        "mail_outbox",
        "users",
        "user_roles",
        "content_entries",
        "content_revisions",
      ]) {
        expect(header.tables[table], table).toBeGreaterThan(0);
      }
      expect(lines.at(-1)).toEqual({
        end: true,
        rows: Object.values(header.tables).reduce((sum, n) => sum + n, 0),
      });
    },
    testTimeoutMs,
  );

  describe.each(testDatabases)("restored into $name", (target) => {
    let restored: DatabaseHandle;
    beforeAll(async () => {
      restored = await target.open();
    }, openTimeoutMs);
    afterAll(() => restored?.close());

    it(
      "carries every row over exactly, and new rows get new ids",
      async () => {
        const outcome = await restoreBackup(restored, createReadStream(file));
        expect(outcome.replaced).toBe(false);
        expect(await readEveryRow(restored)).toEqual(await readEveryRow(handle));

        const app = createTestApp(restored);
        const response = await postForm(app, contact("Petr Svoboda"));
        expect(response.status).toBe(201);
      },
      testTimeoutMs,
    );

    it(
      "refuses a database that holds rows, changing nothing, unless told to replace them",
      async () => {
        const before = await readEveryRow(restored);
        await expect(restoreBackup(restored, createReadStream(file))).rejects.toThrow(
          /The database is not empty \(.*form_submissions.*\); nothing changed/,
        );
        expect(await readEveryRow(restored)).toEqual(before);

        const outcome = await restoreBackup(restored, createReadStream(file), { replace: true });
        expect(outcome.replaced).toBe(true);
        const restoredRows = await readEveryRow(restored);
        expect(restoredRows).toEqual(await readEveryRow(handle));
        // The audit log came over (the role granted above), and is append-only again.
        expect(restoredRows.audit_log?.length).toBeGreaterThan(0);
        await expect(restored.db.execute(sql`delete from audit_log`)).rejects.toThrow();
        await expect(restored.db.execute(sql`truncate audit_log`)).rejects.toThrow();
      },
      testTimeoutMs,
    );

    it(
      "a cut-off backup changes nothing, even when told to replace",
      async () => {
        const before = await readEveryRow(restored);
        const whole = await readFile(file);
        const cut = join(directory, `cut-${source.name}-${target.name}.jsonl.gz`);
        await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
        await expect(
          restoreBackup(restored, createReadStream(cut), { replace: true }),
        ).rejects.toThrow(BackupError);
        expect(await readEveryRow(restored)).toEqual(before);
      },
      testTimeoutMs,
    );
  });

  it(
    "is one snapshot while submissions keep arriving: each stored submission with all its e-mails",
    async () => {
      const app = createTestApp(handle);
      let writing = true;
      let sent = 0;
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        while (writing && sent < 100) {
          const response = await postForm(app, contact(`Návštěvnice ${writer} ${sent}`), {
            address: `192.0.2.${writer + 10}`,
          });
          expect(response.status).toBe(201);
          sent += 1;
        }
      });
      await new Promise((wait) => setTimeout(wait, 200));
      const during = join(directory, `during-${source.name}.jsonl.gz`);
      await writeBackup(handle, createWriteStream(during));
      writing = false;
      await Promise.all(writers);
      expect(sent).toBeGreaterThan(0);

      const lines = await readLines(during);
      const submissions = new Set(
        lines.filter((line) => line.table === "form_submissions").map((line) => line.row.id),
      );
      const mailsBySubmission = new Map<string, number>();
      // The recovery e-mail belongs to no submission.
      const submissionMails = lines.filter(
        (line) => line.table === "mail_outbox" && line.row.submission_id !== null,
      );
      for (const line of submissionMails) {
        mailsBySubmission.set(
          line.row.submission_id,
          (mailsBySubmission.get(line.row.submission_id) ?? 0) + 1,
        );
      }
      for (const id of mailsBySubmission.keys()) expect(submissions.has(id)).toBe(true);
      // A contact submission has two e-mails: to the owner and to the visitor.
      for (const id of submissions) expect(mailsBySubmission.get(id), id).toBe(2);
    },
    testTimeoutMs * 2,
  );
});
