import { get, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { openDatabase } from "#database/open-database";
import { createTestApp } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import type { ConnectionLimits } from "./connection-limits";
import { createHttpServer } from "./http-server";
import { startLogCapture } from "./logger";

// The server's limits in seconds, here in fractions of one (the defaults: server/connection-limits.ts).
const limits: Partial<ConnectionLimits> = {
  headersTimeoutMs: 1_000,
  bodyTimeoutMs: 1_000,
  checkEveryMs: 100,
  maxConnectionsPerAddress: 50,
  reportEveryMs: 500,
};
const floodSockets = 600;

/** One `GET /healthz` on a connection of its own from 127.0.0.1: its status and time. */
function askHealth(port: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = get(
      { host: "127.0.0.1", port, path: "/healthz", agent: false, timeout: 1_000 },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/** A client that declares a 1,000-byte body, sends one byte of it, and then nothing. */
function openSlowSocket(
  port: number,
): Promise<{ socket: Socket; closed: Promise<number>; openedAt: number }> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, localAddress: "127.0.0.2" });
    socket.on("error", () => {});
    const closed = new Promise<number>((done) => socket.on("close", () => done(performance.now())));
    socket.on("connect", () => {
      socket.write(
        "POST /api/form-submissions HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
      );
      resolve({ socket, closed, openedAt: performance.now() });
    });
    // Refused before it was even connected: counts as closed.
    socket.on("close", () => resolve({ socket, closed, openedAt: performance.now() }));
  });
}

describe("a client holding many slow connections", () => {
  let database: DatabaseHandle;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory" });
    server = createHttpServer(createTestApp(database).fetch, { hostname: "127.0.0.1", limits });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.address() as AddressInfo).port;
  }, openTimeoutMs);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await database?.close();
  });

  it("cannot keep /healthz from answering others within a second; its sockets are closed and logged once per interval", async () => {
    const capture = startLogCapture();
    let flooding = true;
    const health: { status: number; ms: number }[] = [];
    const polling = (async () => {
      while (flooding) {
        health.push(await askHealth(port));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    // In batches, as connections arrive from a network: 600 in about a third of a second.
    const sockets: Awaited<ReturnType<typeof openSlowSocket>>[] = [];
    for (let batch = 0; batch < floodSockets / 50; batch++) {
      sockets.push(...(await Promise.all(Array.from({ length: 50 }, () => openSlowSocket(port)))));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Every socket is closed by the server, within the body's deadline and a little.
    await Promise.race([
      Promise.all(sockets.map(({ closed }) => closed)),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("slow sockets still open after 5 s")), 5_000),
      ),
    ]).finally(() => {
      for (const { socket } of sockets) socket.destroy();
    });
    // The report of the last interval, then a few more health checks.
    await new Promise((resolve) => setTimeout(resolve, 700));
    flooding = false;
    await polling;
    capture.stop();

    // Those over the limit are refused at once, the rest when their body's deadline passes.
    for (const { openedAt, closed } of sockets) {
      expect((await closed) - openedAt).toBeLessThan(2_000);
    }

    expect(health.length).toBeGreaterThan(5);
    for (const answer of health) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(1_000);
    }

    const lines = capture.lines();
    const reports = lines.filter((line) => line.address === "127.0.0.2");
    // One line per interval, each counting many: every socket accounted for.
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.length).toBeLessThanOrEqual(4);
    const counted = reports.reduce(
      (sum, line) => sum + Number(line.slowClosed) + Number(line.refused),
      0,
    );
    expect(counted).toBe(floodSockets);
    // The limit lets 50 in at a time, closed as slow; most are refused at once.
    const slowClosed = reports.reduce((sum, line) => sum + Number(line.slowClosed), 0);
    expect(slowClosed).toBeGreaterThanOrEqual(50);
    expect(slowClosed).toBeLessThan(floodSockets / 2);
    for (const line of reports) {
      expect(line.msg).toMatch(
        /^(closed \d+ slow connections?|refused \d+ connections?).* from 127\.0\.0\.2$/,
      );
    }
    // No line per connection: the slow requests are not logged one by one.
    expect(lines.filter((line) => line.route === "/api/form-submissions")).toEqual([]);
    expect(lines.length).toBeLessThan(health.length + 10);
  }, 20_000);

  it("answers a client whose headers do not end in time with 408, and closes it", async () => {
    const started = performance.now();
    const socket = connect({ host: "127.0.0.1", port, localAddress: "127.0.0.3" });
    socket.on("error", () => {});
    socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    let answer = "";
    socket.setEncoding("utf8").on("data", (text: string) => {
      answer += text;
    });
    await new Promise((resolve) => socket.on("close", resolve));
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request_timeout"');
  });
});
