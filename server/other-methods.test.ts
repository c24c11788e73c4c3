import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { openDatabase } from "#database/open-database";
import { paths, personalGuidePdfName } from "#shared/routes";
import { createTestApp } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import { createPageSite } from "./pages/page-site";
import type { Pages } from "./pages/pages";

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

describe("a known address asked with a method it does not take", () => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
    // /metrics and /api/backup exist only when they have a token.
    app = createTestApp(database, {
      settings: { METRICS_TOKEN: "a-metrics-token-long-enough" },
      backupToken: "a-backup-token",
    });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  /** Every address of the router's table with the methods its routes take, pages left out. */
  function endpointsOfTheTable() {
    // Pages answer other methods with a Czech page of their own (server/app.test.ts).
    const pages = new Set([
      ...createPageSite({ clientDir: "no-build", pages: {} as Pages }).routes.map(
        (route) => route.path,
      ),
      paths.members,
      `${paths.giftDelivery}/:token`,
      // The scent guide's PDF under a gift link: a page's file, answered as pages are.
      `${paths.giftDelivery}/:token/${personalGuidePdfName}`,
      paths.formPost,
    ]);
    const byPath = new Map<string, Set<string>>();
    for (const { method, path } of app.routes) {
      if (method === "ALL" || pages.has(path)) continue;
      const taken = byPath.get(path) ?? new Set<string>();
      taken.add(method);
      if (method === "GET") taken.add("HEAD");
      byPath.set(path, taken);
    }
    return byPath;
  }

  it("answers 405 with Allow listing its methods (HEAD with GET), on every route of the table", async () => {
    const endpoints = endpointsOfTheTable();
    // The table was read, and it holds the three addresses that once answered 404.
    for (const path of ["/metrics", "/api/members/access", "/api/members/access-requests"]) {
      expect(endpoints.has(path), path).toBe(true);
    }
    expect(endpoints.size).toBeGreaterThan(30);

    const wrong: string[] = [];
    for (const [path, taken] of endpoints) {
      const address = path.replace(/:[^/]+/g, "1");
      for (const method of methods.filter((method) => !taken.has(method))) {
        const response = await app.request(address, { method });
        const allow = new Set(response.headers.get("Allow")?.split(", "));
        const body = (await response.json().catch(() => ({}))) as {
          code?: string;
          error?: { code?: string };
        };
        // The auth API answers in GoTrue's shape, the rest in the app's.
        const code = path.startsWith("/auth/v1/") ? body.code : body.error?.code;
        if (
          response.status !== 405 ||
          code !== "method_not_allowed" ||
          [...taken].sort().join() !== [...allow].sort().join()
        ) {
          wrong.push(
            `${method} ${path}: ${response.status} ${code} Allow: ${response.headers.get("Allow")}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers before any guard: the method is wrong whoever asks", async () => {
    const response = await app.request("/api/members/access", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(await response.json()).toMatchObject({
      error: { code: "method_not_allowed", message: expect.stringMatching(/\p{L}/u) },
    });
    const metrics = await app.request("/metrics", { method: "POST" });
    expect(metrics.status).toBe(405);
    expect(metrics.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("leaves an address no route serves to the not-found answer", async () => {
    const response = await app.request("/api/members/nothing", { method: "POST" });
    expect(response.status).toBe(404);
  });
});
