import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBackup } from "#database/backup";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { createTestApp, postForm } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";

describe("POST /api/backup (the embedded database's running server)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
  }, openTimeoutMs);
  afterAll(() => database?.close());

  it("does not exist without a token (a server on PostgreSQL)", async () => {
    const app = createTestApp(database);
    expect((await app.request("/api/backup", { method: "POST" })).status).toBe(404);
  });

  it("refuses a request without the token, or with another", async () => {
    const app = createTestApp(database, { backupToken: "the-published-token" });
    const missing = await app.request("/api/backup", { method: "POST" });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: { code: "unauthorized", message: "Tato adresa vyžaduje přístupový klíč." },
    });
    const wrong = await app.request("/api/backup", {
      method: "POST",
      headers: { Authorization: "Bearer another-token" },
    });
    expect(wrong.status).toBe(401);
  });

  it("streams a whole backup to the bearer of the token", async () => {
    const app = createTestApp(database, { backupToken: "the-published-token" });
    expect(
      (
        await postForm(app, {
          formType: "gift_fragrance",
          name: "Lucie Horáková",
          email: "lucie@example.cz",
          privacyConsent: true,
          website: "",
        })
      ).status,
    ).toBe(201);
    const response = await app.request("/api/backup", {
      method: "POST",
      headers: { Authorization: "Bearer the-published-token" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/gzip");
    const directory = await mkdtemp(join(tmpdir(), "backup-route-"));
    try {
      const file = join(directory, "backup.jsonl.gz");
      await pipeline(Readable.fromWeb(response.body as ReadableStream), createWriteStream(file));
      const header = await checkBackup(createReadStream(file));
      expect(header.from).toBe("pglite");
      expect(header.tables.form_submissions).toBe(1);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
