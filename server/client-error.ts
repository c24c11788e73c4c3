import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/** What a request Node's HTTP parser refused gets: JSON with a code and a Czech message, as any refusal. */
const refusals = {
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "request_headers_too_large",
    "Hlavičky požadavku jsou příliš velké.",
  ],
  default: [400, "Bad Request", "malformed_request", "Požadavek nemá platný tvar HTTP."],
} as const;

/**
 * Answers the requests Node refuses before any route sees them (a bad
 * Content-Length, two of them, headers over 16 KB) in the
 * app's own shape, where Node would close with an empty 400. A connection
 * the client already dropped is only closed.
 */
export function answerClientErrors(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, code, message] =
      error.code === "HPE_HEADER_OVERFLOW" ? refusals.HPE_HEADER_OVERFLOW : refusals.default;
    const body = JSON.stringify({ error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
