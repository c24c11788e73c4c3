/**
 * `GET /api/retention`: the months of the retention rule, for anyone (the
 * privacy notice quotes them), and nothing more; over HTTP against the app.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { applyRetention, saveRetention } from "./retention";

describe.each(testDatabases)("GET /api/retention on $name", ({ open }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ open });
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  it("says null while the rule is off, then the months she set; without signing in, never cached", async () => {
    const off = await fetch(`${server.origin}/api/retention`);
    expect(off.status).toBe(200);
    expect(off.headers.get("Cache-Control")).toBe("no-store");
    expect(await off.json()).toEqual({ months: null });

    await saveRetention(server.db, 18, new Date());
    await applyRetention(server.db, new Date());
    const on = await fetch(`${server.origin}/api/retention`);
    // Only the months: not when the rule last ran.
    expect(await on.json()).toEqual({ months: 18 });

    await saveRetention(server.db, null, new Date());
    expect(await (await fetch(`${server.origin}/api/retention`)).json()).toEqual({ months: null });
  });

  it("refuses to be changed through it: 405 with Allow, the setting as it was", async () => {
    await saveRetention(server.db, 6, new Date());
    for (const method of ["PUT", "POST", "DELETE"]) {
      const response = await fetch(`${server.origin}/api/retention`, {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ months: null }),
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "method_not_allowed",
      );
    }
    expect(await (await fetch(`${server.origin}/api/retention`)).json()).toEqual({ months: 6 });
  });
});
