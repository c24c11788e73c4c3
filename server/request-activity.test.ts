import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestActivity } from "./request-activity";

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A real HTTP server whose answers wait until the test lets them go. */
async function slowServer(activity: ReturnType<typeof createRequestActivity>) {
  const pending: (() => void)[] = [];
  const server = createServer((_request, response) => {
    pending.push(() => response.end("ok"));
  });
  servers.push(server);
  activity.watch(server);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    request: () => fetch(`http://127.0.0.1:${port}/`).then((response) => response.text()),
    answerAll: () => {
      for (const answer of pending.splice(0)) answer();
    },
    waiting: () => pending.length,
  };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((tick) => setTimeout(tick, 5));
}

describe("background work gives way to requests", () => {
  it("is idle at once when no request is in flight", async () => {
    const activity = createRequestActivity({ maxWaitMs: 10_000 });
    await slowServer(activity);
    const started = performance.now();
    await activity.whenIdle();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("waits while requests are answered and goes on when the last one is", async () => {
    const activity = createRequestActivity({ maxWaitMs: 60_000 });
    const server = await slowServer(activity);
    const answers = [server.request(), server.request()];
    await until(() => server.waiting() === 2);
    expect(activity.inFlight()).toBe(2);
    let idle = false;
    const waited = activity.whenIdle().then(() => {
      idle = true;
    });
    await new Promise((tick) => setTimeout(tick, 100));
    expect(idle).toBe(false);
    server.answerAll();
    await Promise.all(answers);
    await waited;
    expect(idle).toBe(true);
    expect(activity.inFlight()).toBe(0);
  });

  it("takes only a quiet moment for a pause, not the last answer before the next request", async () => {
    const activity = createRequestActivity({ maxWaitMs: 60_000, quietMs: 300 });
    const server = await slowServer(activity);
    const first = server.request();
    await until(() => server.waiting() === 1);
    let idleAt: number | undefined;
    const waited = activity.whenIdle().then(() => {
      idleAt = performance.now();
    });
    // The answer, and the next request on its heels: no request in flight for a moment only.
    server.answerAll();
    await first;
    const second = server.request();
    await until(() => server.waiting() === 1);
    await new Promise((tick) => setTimeout(tick, 400));
    expect(idleAt).toBeUndefined();

    server.answerAll();
    await second;
    const lastAnswered = performance.now();
    await waited;
    expect(idleAt).toBeGreaterThanOrEqual(lastAnswered + 250);
    // Quiet since: the next caller goes on at once.
    const started = performance.now();
    await activity.whenIdle();
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("goes on after its longest wait under a load that never pauses", async () => {
    const activity = createRequestActivity({ maxWaitMs: 200 });
    const server = await slowServer(activity);
    const answer = server.request();
    await until(() => server.waiting() === 1);
    const started = performance.now();
    await activity.whenIdle();
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(activity.inFlight()).toBe(1);
    server.answerAll();
    await answer;
  });

  it("lets a caller set its own longest wait", async () => {
    const activity = createRequestActivity({ maxWaitMs: 60_000 });
    const server = await slowServer(activity);
    const answer = server.request();
    await until(() => server.waiting() === 1);
    const started = performance.now();
    await activity.whenIdle(200);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(30_000);
    expect(activity.inFlight()).toBe(1);
    server.answerAll();
    await answer;
  });
});
