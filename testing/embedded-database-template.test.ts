import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#database/open-database";
import { formSubmissions } from "#database/schema";
import { seedEmbeddedDatabase } from "./embedded-database-template";
import { openTimeoutMs } from "./test-databases";

describe("a test server's data folder seeded from the template", () => {
  const folders: string[] = [];
  const newFolder = async () => {
    const folder = await mkdtemp(join(tmpdir(), "seeded-"));
    folders.push(folder);
    return folder;
  };
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it(
    "opens migrated and empty, and a folder that has a database keeps it",
    async () => {
      const folder = await newFolder();
      await seedEmbeddedDatabase(folder);
      const first = await openDatabase({ dataDir: folder });
      const rows = async () => (await first.db.select({ n: count() }).from(formSubmissions))[0]?.n;
      expect(await rows()).toBe(0);
      await first.db.insert(formSubmissions).values({
        formType: "gift_ritual",
        name: "Šárka",
        email: "sarka@example.cz",
        privacyConsent: true,
      });
      await first.close();

      await seedEmbeddedDatabase(folder);
      const again = await openDatabase({ dataDir: folder });
      const [kept] = await again.db.select({ n: count() }).from(formSubmissions);
      expect(kept?.n).toBe(1);
      await again.close();

      // Another folder gets an empty copy, not what the first one stored.
      const other = await newFolder();
      await seedEmbeddedDatabase(other);
      const second = await openDatabase({ dataDir: other });
      const [empty] = await second.db.select({ n: count() }).from(formSubmissions);
      expect(empty?.n).toBe(0);
      await second.close();
    },
    openTimeoutMs,
  );
});
