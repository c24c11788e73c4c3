/**
 * `/auth/v1/recover` must not tell which addresses have accounts by how
 * long it takes. The server runs as a child process, as in production: in
 * the test's own process, the work it does after answering would hold back
 * the test's reading of the answer.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildServerEnv,
  findFreePort,
  type ServerProcess,
  startServerProcess,
} from "#testing/server-process";

const rounds = 21;
let dataDir: string;
let server: ServerProcess;

async function post(path: string, body: unknown, address: string) {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

describe("password recovery's timing", () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "recover-timing-"));
    server = await startServerProcess({
      seedDatabase: true,
      env: buildServerEnv({
        port: await findFreePort(),
        host: "127.0.0.1",
        dataDir,
        buildDir: join(dataDir, "no-build"),
        settings: { TRUST_PROXY: "true" },
      }),
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers as fast for an address with an account as for one without (medians of one run)", async () => {
    const known: string[] = [];
    for (let n = 0; n < rounds; n += 1) {
      const email = `ucet${n}@example.cz`;
      const signUp = await post(
        "/auth/v1/signup",
        { email, password: "bylinky-a-vune", data: { full_name: "Jana" } },
        `192.0.2.${n}`,
      );
      expect(signUp.status).toBe(200);
      known.push(email);
    }

    const times = { known: [] as number[], unknown: [] as number[] };
    const recover = async (kind: keyof typeof times, email: string, n: number) => {
      const answer = await post("/auth/v1/recover", { email }, `198.51.100.${n}`);
      expect(answer.status).toBe(200);
      times[kind].push(answer.ms);
      // Room for the work started after the answer (a token written, an e-mail rendered
      // and written to the mail folder: tens of milliseconds), so that it slows neither kind.
      await new Promise((done) => setTimeout(done, 200));
    };
    for (let n = 0; n < rounds; n += 1) {
      const pair = [
        () => recover("known", known[n] as string, n),
        () => recover("unknown", `nikdo${n}@example.cz`, n + 100),
      ];
      // Alternate which goes first, so neither kind always follows the other.
      if (n % 2 === 1) pair.reverse();
      for (const request of pair) await request();
    }

    const [knownMedian, unknownMedian] = [median(times.known), median(times.unknown)];
    // Before, an account took about four times as long (a token written, an e-mail rendered).
    expect(
      Math.max(knownMedian, unknownMedian) / Math.min(knownMedian, unknownMedian),
      `medians: ${knownMedian.toFixed(1)} ms with an account, ${unknownMedian.toFixed(1)} ms without`,
    ).toBeLessThan(1.75);
  }, 120_000);
});
