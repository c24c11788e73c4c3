/**
 * 100 MB bodies to every JSON route, over a real socket: each is refused with
 * 413 after a few kilobytes, the server's memory hardly moves, and /healthz
 * keeps answering while three such uploads run at once.
 */
import { request } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";

const hundredMegabytes = 100 * 1024 * 1024;
const allowedGrowthBytes = 20 * 1024 * 1024;

// A garbage collection on demand, so the baseline is the live heap, not leftovers.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

let server: TestServer;
let accessToken = "";
let addressCounter = 0;

/** Each upload from an address of its own: rate limits are not what is tested. */
function nextAddress() {
  addressCounter += 1;
  return `192.0.2.${addressCounter}`;
}

type Upload = { status: number; body: string; sentBytes: number };

/**
 * Streams 100 MB of "[" (nested arrays, the body that froze the server) from
 * one reused 64 KB buffer, so the test itself holds almost nothing, and stops
 * writing as soon as the server answers.
 */
function uploadHundredMegabytes(
  method: string,
  path: string,
  { declareLength }: { declareLength: boolean },
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "X-Forwarded-For": nextAddress(),
      Authorization: `Bearer ${accessToken}`,
    };
    // Node's client sends DELETE unframed unless told: chunked is said out loud.
    if (declareLength) headers["Content-Length"] = String(hundredMegabytes);
    else headers["Transfer-Encoding"] = "chunked";
    const upload = request(`${server.origin}${path}`, { method, headers });
    const chunk = Buffer.alloc(64 * 1024, "[");
    let sentBytes = 0;
    let answered = false;
    upload.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => {
        body += text;
      });
      const finish = () => {
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
        upload.destroy();
      };
      response.on("end", finish);
      response.on("close", finish);
    });
    // Writing into a connection the server closed after its answer fails; that is expected.
    upload.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sentBytes < hundredMegabytes) {
        sentBytes += chunk.length;
        if (!upload.write(chunk)) {
          upload.once("drain", pump);
          return;
        }
      }
      if (!answered) upload.end();
    };
    pump();
  });
}

/** The JSON routes, each with the method and path a browser would use. */
const jsonRoutes = [
  ["POST", "/api/form-submissions"],
  ["POST", "/auth/v1/signup"],
  ["POST", "/auth/v1/token?grant_type=password"],
  ["POST", "/auth/v1/token?grant_type=refresh_token"],
  ["PUT", "/auth/v1/user"],
  ["POST", "/auth/v1/logout"],
  ["POST", "/auth/v1/recover"],
  ["POST", "/auth/v1/verify"],
  ["POST", "/auth/v1/resend"],
  ["POST", "/auth/v1/factors"],
  ["POST", "/auth/v1/factors/7d4a6b1e-0c55-4a8f-9a3b-2f1e0d9c8b7a/challenge"],
  ["POST", "/auth/v1/factors/7d4a6b1e-0c55-4a8f-9a3b-2f1e0d9c8b7a/verify"],
  ["DELETE", "/api/form-submissions/7d4a6b1e-0c55-4a8f-9a3b-2f1e0d9c8b7a"],
] as const;

/** Samples the heap (and Buffers, which live outside it) while `work` runs; returns the peak growth. */
async function measurePeakGrowth(work: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const usage = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const baseline = usage();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, usage());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, usage()) - baseline;
}

describe("100 MB bodies", () => {
  beforeAll(async () => {
    server = await startTestServer();
    const response = await fetch(`${server.origin}/auth/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": nextAddress() },
      body: JSON.stringify({
        email: "velka.data@example.cz",
        password: "heslo-123",
        data: { full_name: "Jana Velká" },
      }),
    });
    expect(response.status).toBe(200);
    accessToken = ((await response.json()) as { access_token: string }).access_token;
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  it.each(
    jsonRoutes.flatMap(([method, path]) => [
      [method, path, "streamed without a length"] as const,
      [method, path, "with its length declared"] as const,
    ]),
  )(
    "%s %s: a 100 MB body %s is refused with 413 while the heap grows by under 20 MB",
    async (method, path, how) => {
      let upload: Upload | undefined;
      const growth = await measurePeakGrowth(async () => {
        upload = await uploadHundredMegabytes(method, path, {
          declareLength: how === "with its length declared",
        });
      });

      expect(`${upload?.status} ${upload?.body}`).toMatch(/^413 /);
      const answer = JSON.parse(upload?.body ?? "{}") as {
        code?: string;
        error?: { code: string };
      };
      expect(answer.code ?? answer.error?.code).toBe("payload_too_large");
      // Refused long before the end: the server stopped the upload.
      expect(upload?.sentBytes).toBeLessThan(hundredMegabytes);
      expect(growth).toBeLessThan(allowedGrowthBytes);
    },
    60_000,
  );

  it("keeps /healthz answering during three 100 MB uploads at once", async () => {
    const started = Date.now();
    let uploadsDone = false;
    const uploads = Promise.all(
      (["/auth/v1/signup", "/auth/v1/recover", "/api/form-submissions"] as const).map((path) =>
        uploadHundredMegabytes("POST", path, { declareLength: false }),
      ),
    ).finally(() => {
      uploadsDone = true;
    });

    const healthChecks: { status: number; ms: number }[] = [];
    // Checked while the uploads run, and at least three times.
    while (!uploadsDone || healthChecks.length < 3) {
      const asked = Date.now();
      const response = await fetch(`${server.origin}/healthz`, {
        signal: AbortSignal.timeout(5_000),
      });
      healthChecks.push({ status: response.status, ms: Date.now() - asked });
      await response.arrayBuffer();
    }

    const results = await uploads;
    expect(results.map((result) => result.status)).toEqual([413, 413, 413]);
    for (const check of healthChecks) {
      expect(check.status).toBe(200);
      expect(check.ms).toBeLessThan(2_000);
    }
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
