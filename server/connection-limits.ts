/**
 * What keeps one client from holding the server's connections: time limits on each request
 * (short for headers and ordinary bodies, a minimum transfer rate for an upload a route allows to
 * be long), and a limit on the connections open at once from one address block. A slow client is
 * closed without a word; what was closed is logged once per address and interval, never a line
 * a connection.
 */
import type { IncomingMessage, Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { MiddlewareHandler } from "hono";
import { log } from "./logger";
import { addressBlock } from "./rate-limit";

export type ConnectionLimits = {
  /** From the connection (or the previous request on it) to the end of the headers. */
  headersTimeoutMs: number;
  /** From the headers to the body's last byte, on every route but a long upload. */
  bodyTimeoutMs: number;
  /** A long upload (`allowLongUpload`) that sends nothing this long is closed… */
  uploadStallMs: number;
  /** …as is one that averages less than this since its headers, once `bodyTimeoutMs` has passed. */
  uploadMinBytesPerSecond: number;
  /** Connections open at once from one IPv4 address or IPv6 /64, as the socket says; 0: no limit. */
  maxConnectionsPerAddress: number;
  /** How often the deadlines are checked. */
  checkEveryMs: number;
  /** What was closed or refused is logged at most this often per address. */
  reportEveryMs: number;
};

export const defaultConnectionLimits: ConnectionLimits = {
  headersTimeoutMs: 15_000,
  bodyTimeoutMs: 30_000,
  uploadStallMs: 30_000,
  // A 2 GB video takes 70 hours at this rate: any home line is far above it.
  uploadMinBytesPerSecond: 8 * 1024,
  maxConnectionsPerAddress: 64,
  checkEveryMs: 1_000,
  reportEveryMs: 60_000,
};

const longUpload = Symbol("long upload");
const closedAsSlow = Symbol("closed as slow");
type WatchedRequest = IncomingMessage & { [longUpload]?: boolean; [closedAsSlow]?: boolean };

/**
 * Middleware for a route that takes a large body (a video): once past its guard, the request has
 * no deadline as long as its bytes keep arriving at `uploadMinBytesPerSecond`.
 */
export const allowLongUpload: MiddlewareHandler = async (c, next) => {
  const incoming = (c.env as { incoming?: WatchedRequest } | undefined)?.incoming;
  if (incoming) incoming[longUpload] = true;
  await next();
};

/** True for a request this module closed: its connection's report line speaks for it. */
export function wasClosedAsSlow(incoming: IncomingMessage | undefined): boolean {
  return (incoming as WatchedRequest | undefined)?.[closedAsSlow] === true;
}

/** Node checks the headers' deadline itself. */
export function serverOptionsFor(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: 0,
    connectionsCheckingInterval: limits.checkEveryMs,
  };
}

/**
 * Applies `limits` to `server`, made with `serverOptionsFor(limits)` and not yet listening.
 * Bodies are watched per request here: Node's own `requestTimeout` would give an upload the
 * deadline of a form.
 */
export function limitConnections(server: Server, limits: ConnectionLimits) {
  const report = createReport(limits.reportEveryMs);

  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const block = addressBlock(socket.remoteAddress ?? "unknown");
    const count = open.get(block) ?? 0;
    if (limits.maxConnectionsPerAddress > 0 && count >= limits.maxConnectionsPerAddress) {
      report.note(block, "refused");
      socket.destroy();
      return;
    }
    open.set(block, count + 1);
    socket.once("close", () => {
      const left = (open.get(block) ?? 1) - 1;
      if (left > 0) open.set(block, left);
      else open.delete(block);
    });
  });
  // Headers that did not arrive in time: Node answers 408 (`answerClientErrors`).
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      report.note(addressBlock(socket.remoteAddress ?? "unknown"), "slow");
    }
  });
  server.on("request", (incoming: WatchedRequest) => watchBody(incoming, limits, report));
  server.on("close", () => report.flush());
}

type Report = ReturnType<typeof createReport>;

function watchBody(incoming: WatchedRequest, limits: ConnectionLimits, report: Report) {
  const socket = incoming.socket;
  const startedAt = performance.now();
  const startBytes = socket.bytesRead;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearTimeout(timer);
  const close = () => {
    incoming[closedAsSlow] = true;
    report.note(addressBlock(socket.remoteAddress ?? "unknown"), "slow");
    socket.destroy();
  };
  let lastBytes = startBytes;
  let lastProgressAt = startedAt;
  const checkUpload = () => {
    if (incoming.complete || socket.destroyed) return;
    const now = performance.now();
    const bytes = socket.bytesRead;
    if (bytes > lastBytes) {
      lastBytes = bytes;
      lastProgressAt = now;
    }
    const bytesPerSecond = ((bytes - startBytes) * 1000) / (now - startedAt);
    if (
      now - lastProgressAt > limits.uploadStallMs ||
      bytesPerSecond < limits.uploadMinBytesPerSecond
    ) {
      close();
      return;
    }
    timer = setTimeout(checkUpload, limits.checkEveryMs).unref();
  };
  timer = setTimeout(() => {
    if (incoming.complete || socket.destroyed) return;
    if (incoming[longUpload]) checkUpload();
    else close();
  }, limits.bodyTimeoutMs).unref();
  incoming.once("end", stop);
}

/** Counts per address what was closed or refused, and logs it once an interval. */
function createReport(everyMs: number) {
  const counts = new Map<string, { slow: number; refused: number }>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [address, { slow, refused }] of counts) {
      const said = [
        slow > 0 && `closed ${slow} slow connection${slow === 1 ? "" : "s"}`,
        refused > 0 && `refused ${refused} connection${refused === 1 ? "" : "s"} over the limit`,
      ].filter(Boolean);
      log.warn({ address, slowClosed: slow, refused }, `${said.join(" and ")} from ${address}`);
    }
    counts.clear();
  };
  return {
    note(address: string, kind: "slow" | "refused") {
      const count = counts.get(address) ?? { slow: 0, refused: 0 };
      count[kind] += 1;
      counts.set(address, count);
      timer ??= setTimeout(flush, everyMs).unref();
    },
    flush,
  };
}
