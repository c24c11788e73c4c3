import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { sendFailedMessage } from "#shared/form-schemas";
import type { ApiErrorBody } from "./api-error";
import { answerClientErrors, endWithRefusal, malformedRequest } from "./client-error";
import {
  type ConnectionLimits,
  defaultConnectionLimits,
  limitConnections,
  serverOptionsFor,
} from "./connection-limits";
import { summarizeError } from "./error-summary";
import { log } from "./logger";

type Fetch = Parameters<typeof getRequestListener>[0];

const connectRefused = {
  code: "method_not_implemented",
  message: "Tento server metodu CONNECT nepodporuje.",
} as const;

/**
 * The app's node:http server. Hono's adapter turns each request into a
 * `Request`; what it or Node would refuse with an empty answer is answered
 * in the app's shape (JSON with a code and a Czech message), like any
 * refusal: an HTTP/1.1 request without `Host`, a `Host` or a path no URL can
 * be made of, `CONNECT`, and what Node's parser refuses (`answerClientErrors`).
 * A slow or greedy client is held to `limits` (server/connection-limits.ts).
 */
export function createHttpServer(
  fetch: Fetch,
  { hostname, limits = {} }: { hostname?: string; limits?: Partial<ConnectionLimits> },
): Server {
  const connectionLimits = { ...defaultConnectionLimits, ...limits };
  const listener = getRequestListener(fetch, {
    hostname,
    errorHandler(error) {
      // The adapter could not make a request of it (a bad Host, a backslash in the path…).
      if (error instanceof Error && error.name === "RequestError") return refusal(malformedRequest);
      log.error({ error: summarizeError(error) }, "Unhandled error");
      return refusal({ status: 500, code: "internal_error", message: sendFailedMessage });
    },
  });
  // Node's own check answers an empty 400; this one answers in JSON.
  const server = createServer(
    { ...serverOptionsFor(connectionLimits), requireHostHeader: false },
    (incoming: IncomingMessage, outgoing: ServerResponse) => {
      if (incoming.headers.host === undefined && incoming.httpVersion === "1.1") {
        const body = refusalBody(malformedRequest);
        outgoing.writeHead(malformedRequest.status, {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Connection: "close",
        });
        outgoing.end(body);
        return;
      }
      listener(incoming, outgoing);
    },
  );
  // Without a listener Node closes a CONNECT's connection without a word.
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    // Node has taken its own error listener off this socket: a client that resets it meanwhile
    // must not become an uncaught error.
    socket.on("error", () => socket.destroy());
    if (socket.destroyed) return;
    endWithRefusal(socket, "501 Not Implemented", connectRefused.code, connectRefused.message);
  });
  answerClientErrors(server);
  limitConnections(server, connectionLimits);
  return server;
}

type Refusal = { status: number; code: string; message: string };

function refusalBody({ code, message }: Refusal) {
  const body: ApiErrorBody = { error: { code, message } };
  return JSON.stringify(body);
}

function refusal(refused: Refusal) {
  return new Response(refusalBody(refused), {
    status: refused.status,
    headers: { "Content-Type": "application/json", Connection: "close" },
  });
}
