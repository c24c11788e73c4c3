import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

/** The outbox module, and the schema that defines its table. */
const owners = ["server/mail/outbox.ts", "database/schema.ts"];

/**
 * Code that only inspects the table from outside, as the tests do: the soak (a load test run by
 * hand) counts and checks the e-mails its servers sent.
 */
const inspectors = ["scripts/soak.ts"];

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith("database/migrations/"));
}

describe("the outbox", () => {
  it("is the only module that touches the mail_outbox table", async () => {
    const files = (
      await Promise.all(["server", "scripts", "database", "shared", "web"].map(sourceFiles))
    ).flat();
    expect(files).toContain("server/mail/send-pending-mail.ts");

    const touching: string[] = [];
    for (const file of files) {
      if (owners.includes(file) || inspectors.includes(file)) continue;
      const source = await readFile(join(root, file), "utf8");
      // The table's schema object (imported under any name), or the table named in raw SQL.
      if (/\bmailOutbox\b/.test(source) || /\bmail_outbox\b/.test(source)) touching.push(file);
    }
    expect(touching).toEqual([]);
  });
});
