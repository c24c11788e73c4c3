import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { openDatabase } from "#database/open-database";
import type { AdminMaterial } from "#shared/materials";
import { mp4Head } from "#testing/sample-media";
import { createSignedInAccount } from "#testing/test-accounts";
import { createTestApp, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import type { ConnectionLimits } from "./connection-limits";
import { createHttpServer } from "./http-server";

// The server's limits, in fractions of a second (the defaults: server/connection-limits.ts).
const limits: Partial<ConnectionLimits> = {
  bodyTimeoutMs: 500,
  uploadStallMs: 500,
  uploadMinBytesPerSecond: 16 * 1024,
  checkEveryMs: 100,
};

type Outcome = { status: number; body: string } | { closedAfterMs: number };

describe("a material's upload, held to a minimum rate instead of a deadline", () => {
  let database: DatabaseHandle;
  let server: Server;
  let origin: string;
  let admin: string;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
    const app = createTestApp(database, { settings: { ADMIN_REQUIRE_2FA: "false" } });
    server = createHttpServer(app.fetch, { hostname: "127.0.0.1", limits });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    admin = await createSignedInAccount(
      { origin, db: database.db } as TestServer,
      "spravkyne@example.cz",
      "admin",
    );
  }, openTimeoutMs);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.close();
  });

  async function newMaterial(): Promise<string> {
    const created = await fetch(`${origin}/api/admin/materials`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Video", place: "members" }),
    });
    return ((await created.json()) as { material: AdminMaterial }).material.id;
  }

  /** Uploads the MP4 head and then `pieces` pieces of `pieceBytes`, one every `everyMs`. */
  function upload(id: string, pieces: number, pieceBytes: number, everyMs: number) {
    const started = performance.now();
    return new Promise<Outcome>((resolve) => {
      const sending = request(`${origin}/api/admin/materials/${id}/file`, {
        method: "PUT",
        headers: {
          Authorization: `Bearer ${admin}`,
          "Content-Type": "video/mp4",
          "Transfer-Encoding": "chunked",
        },
      });
      const closed = () => resolve({ closedAfterMs: performance.now() - started });
      sending.on("error", closed);
      sending.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (text: string) => {
          body += text;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", closed);
      });
      sending.write(mp4Head);
      let sent = 0;
      const next = () => {
        if (sending.destroyed) return;
        if (sent === pieces) {
          sending.end();
          return;
        }
        sent += 1;
        sending.write(Buffer.alloc(pieceBytes));
        setTimeout(next, everyMs);
      };
      setTimeout(next, everyMs);
    });
  }

  it("takes an upload longer than any body's deadline while its bytes keep coming", async () => {
    // 64 KiB every 50 ms for 1.5 s: three times the deadline of a form.
    const outcome = await upload(await newMaterial(), 30, 64 * 1024, 50);
    expect(outcome).toMatchObject({ status: 200 });
    const { material } = JSON.parse((outcome as { body: string }).body) as {
      material: AdminMaterial;
    };
    expect(material.size).toBe(mp4Head.length + 30 * 64 * 1024);
  });

  it("closes an upload that stops sending", async () => {
    // One piece, then nothing for 10 s.
    const outcome = await upload(await newMaterial(), 1, 1024, 10_000);
    expect(outcome).toHaveProperty("closedAfterMs");
    expect((outcome as { closedAfterMs: number }).closedAfterMs).toBeLessThan(2_500);
  });

  it("closes an upload that trickles below the floor", async () => {
    // 512 bytes every 50 ms: 10 KiB/s, under the 16 KiB/s floor, yet never still.
    const outcome = await upload(await newMaterial(), 200, 512, 50);
    expect(outcome).toHaveProperty("closedAfterMs");
    expect((outcome as { closedAfterMs: number }).closedAfterMs).toBeLessThan(2_500);
  });

  it("gives a request the upload route refuses the deadline of any other", async () => {
    // No administrator: refused at the guard, so its body has the ordinary deadline.
    const started = performance.now();
    const outcome = await new Promise<Outcome>((resolve) => {
      const sending = request(`${origin}/api/admin/materials/x/file`, {
        method: "PUT",
        headers: { "Content-Type": "video/mp4", "Content-Length": "1000000" },
      });
      sending.on("error", () => resolve({ closedAfterMs: performance.now() - started }));
      sending.on("response", (response) => {
        response.resume();
        // The refusal may come first; then the connection is closed all the same.
        response.on("close", () => resolve({ closedAfterMs: performance.now() - started }));
      });
      sending.write(mp4Head);
    });
    expect((outcome as { closedAfterMs: number }).closedAfterMs).toBeLessThan(2_000);
  });
});
