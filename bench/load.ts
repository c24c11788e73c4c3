/**
 * A bounded load loop: a fixed number of concurrent workers, each sending its
 * next request as soon as the last one is answered, until the time is up.
 */
import http from "node:http";

export type LoadResult = {
  /** Requests answered (any status) per second. */
  requestsPerSecond: number;
  completed: number;
  /** How many of them had each status ("error" for a failed connection). */
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  durationS: number;
};

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** Runs `operation` from `concurrency` workers for `durationMs`; each call is timed. */
export async function runLoop(
  { concurrency, durationMs }: { concurrency: number; durationMs: number },
  operation: (worker: number, sequence: number) => Promise<string>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const start = performance.now();
  const end = start + durationMs;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const begun = performance.now();
        let status: string;
        try {
          status = await operation(worker, sequence++);
        } catch {
          status = "error";
        }
        latencies.push(performance.now() - begun);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const elapsedS = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedS,
    completed: latencies.length,
    statuses,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    durationS: elapsedS,
  };
}

export type HttpAnswer = { status: number; body: string; bytes: number };

/** One request over a keep-alive agent; resolves with the status and the body as received. */
export function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      { agent, method: options.method ?? "GET", headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            body: body.toString("utf8"),
            bytes: body.length,
          });
        });
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

export function keepAliveAgent(connections: number) {
  return new http.Agent({ keepAlive: true, maxSockets: connections });
}
