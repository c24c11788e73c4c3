import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { openDatabase } from "#database/open-database";
import { sendFailedMessage } from "#shared/form-schemas";
import { createFixedPages } from "#testing/fixed-pages";
import { createTestApp, postForm, testSettings } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import { captureLog } from "./logger";
import { clientOnlyPatterns, shellKey } from "./pages/site-pages";

/** The site in miniature: the page store's entries, and one built asset. */
async function writeBuild(buildDir: string) {
  const client = join(buildDir, "client");
  await mkdir(join(client, "assets"), { recursive: true });
  await writeFile(join(client, "assets", "entry-Ab12Cd34.js"), "console.log('ahoj')");
  const page = (title: string) => `<!DOCTYPE html><html lang="cs"><title>${title}</title></html>`;
  return createFixedPages({
    "/": page("Domů"),
    "/about": page("O mně"),
    "404 *": page("404"),
    ...Object.fromEntries(
      clientOnlyPatterns.map((pattern) => [shellKey(pattern), page("Aplikace")]),
    ),
  });
}

describe("the app", () => {
  let buildDir: string;
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    buildDir = await mkdtemp(join(tmpdir(), "app-build-"));
    const pages = await writeBuild(buildDir);
    database = await openDatabase({ dataDir: "memory" });
    app = createTestApp(database, { settings: { BUILD_DIR: buildDir }, pages });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
    await rm(buildDir, { recursive: true, force: true });
  });

  it("reports a healthy database at /healthz", async () => {
    const response = await app.request("/healthz");

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("serves pre-rendered pages revalidated on every visit", async () => {
    for (const path of ["/", "/about", "/about/"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("no-cache");
    }
    expect(await (await app.request("/about")).text()).toContain("O mně");
  });

  it("serves hashed assets with long-lived caching", async () => {
    const response = await app.request("/assets/entry-Ab12Cd34.js");

    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it.each([
    "/prihlaseni",
    "/admin",
    "/admin/uzivatele",
    "/admin/zaznamy-zmen",
    "/admin/ucet",
    "/admin/osobni-udaje",
  ])("serves the client-only screen %s", async (path) => {
    const response = await app.request(path);

    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Aplikace");
  });

  it("answers an unknown page with status 404 and the not-found screen", async () => {
    const response = await app.request("/neexistuje");

    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<title>404</title>");
  });

  it("refuses other methods than reading a page in Czech, with what the address takes", async () => {
    for (const [method, path] of [
      ["POST", "/"],
      ["DELETE", "/about"],
      ["PUT", "/about/"],
      ["POST", "/admin/uzivatele"],
      ["POST", "/assets/entry-Ab12Cd34.js"],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(await response.text()).toContain("Tady se nic neodesílá");
    }
    // An address that is nothing is not found, whatever the method.
    for (const [method, path] of [
      ["PUT", "/neexistuje"],
      ["POST", "/about/neexistuje"],
      ["DELETE", "/assets"],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.text()).toContain("<title>404</title>");
    }
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await app.request("/formular", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(await response.text()).toContain("metodou POST");
    }
    const health = await app.request("/healthz", { method: "POST" });
    expect(health.status).toBe(405);
    expect(health.headers.get("Allow")).toBe("GET, HEAD");
    expect(await health.json()).toMatchObject({ error: { code: "method_not_allowed" } });
  });

  it("answers an unknown API address with a JSON 404", async () => {
    const response = await app.request("/api/neexistuje");

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: expect.any(String) },
    });
  });
});

describe("the app when its database is gone", () => {
  it(
    "reports 503 at /healthz and answers a form with the form's failure message, never success",
    async () => {
      const database = await openDatabase({ dataDir: "memory" });
      const app = createTestApp(database);
      await database.close();

      const health = await app.request("/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", database: "unreachable" });

      const response = await postForm(app, {
        formType: "gift_ritual",
        name: "Šárka",
        email: "sarka@example.cz",
        privacyConsent: true,
      });
      // As when the server stops: worth sending again in a moment (database-unavailable.test.ts).
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(await response.json()).toEqual({
        error: { code: "unavailable", message: sendFailedMessage },
      });

      // The same form posted without scripts: its failure page, and a JSON line in the log.
      let posted: Response | undefined;
      const lines = await captureLog(async () => {
        posted = await app.request("/formular", {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Sec-Fetch-Site": "same-origin",
            Origin: testSettings.SITE_URL,
          },
          body: new URLSearchParams({
            formType: "gift_ritual",
            name: "Šárka",
            email: "sarka@example.cz",
            privacyConsent: "on",
            website: "",
          }).toString(),
        });
      });
      expect(posted?.status).toBe(503);
      expect(await posted?.text()).toContain(sendFailedMessage);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: "warn",
          msg: "Database unavailable for a form sent without scripts",
          error: expect.any(String),
        }),
      );
    },
    openTimeoutMs,
  );
});
