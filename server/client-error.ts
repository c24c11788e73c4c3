import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/** What a request Node's HTTP parser refused gets: JSON with a code and a Czech message, as any refusal. */
const refusals: Record<string, readonly [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "request_headers_too_large",
    "Hlavičky požadavku jsou příliš velké.",
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [
    413,
    "Payload Too Large",
    "payload_too_large",
    "Odeslaná data jsou příliš velká.",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    "Request Timeout",
    "request_timeout",
    "Požadavek nedorazil celý včas. Zkuste to prosím znovu.",
  ],
};
/** The answer to a request that is not HTTP as it should be (here and in `http-server.ts`). */
export const malformedRequest = {
  status: 400,
  code: "malformed_request",
  message: "Požadavek nemá platný tvar HTTP.",
} as const;
const malformed = [400, "Bad Request", malformedRequest.code, malformedRequest.message] as const;

/**
 * Answers the requests Node refuses before any route sees them (a bad
 * Content-Length, two of them, headers over 16 KB, a request that took too
 * long) in the app's own shape, where Node would close with an empty answer.
 * As Node's own handler does, nothing is written into an answer already
 * under way, and a connection the client already dropped is only closed.
 */
export function answerClientErrors(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, code, message] = refusals[error.code ?? ""] ?? malformed;
    endWithRefusal(socket, `${status} ${reason}`, code, message);
  });
}

/**
 * Writes a whole refusal straight onto a connection no request object owns (one Node's parser
 * refused, or a CONNECT's), in the app's JSON shape, and closes it.
 */
export function endWithRefusal(socket: Duplex, statusLine: string, code: string, message: string) {
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${statusLine}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
