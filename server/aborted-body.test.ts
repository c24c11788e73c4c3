/**
 * A client that goes away in the middle of its body (a phone losing signal,
 * or anyone on purpose) is not a server error: no error line in the log, and
 * the request is counted as the client's failure, not as a 500.
 */
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LogLine, startLogCapture } from "#server/logger";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, openTimeoutMs);

afterAll(() => server?.close());

/** Sends the head and the start of a 1,000-byte body, then drops the connection. */
function sendHalfAndLeave(head: string, start: string): Promise<void> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      // Same-origin, as a browser says it: the plain form post refuses cross-site posts first.
      socket.write(`${head}\r\nHost: ${hostname}\r\nSec-Fetch-Site: same-origin\r\n\r\n${start}`);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 200);
    });
    socket.on("error", reject);
  });
}

describe("a body the client never finishes", () => {
  const framings = {
    "with its length": "Content-Length: 1000",
    chunked: "Transfer-Encoding: chunked",
  };
  for (const [method, path, contentType, start, readsItsBody = true] of [
    ["POST", "/api/form-submissions", "application/json", '{"formType":"contact","name":"Ja'],
    ["POST", "/auth/v1/signup", "application/json", '{"email":"a'],
    ["POST", "/formular", "application/x-www-form-urlencoded", "formType=contact&name=Ja"],
    // Routes that take no body count one as it comes, before they ask who is signed in.
    ["POST", "/auth/v1/logout", "application/json", '{"scope":"glo', false],
    ["DELETE", `/api/form-submissions/${randomUUID()}`, "application/json", '{"a":', false],
  ] as const) {
    // A route that takes no body reads one only to count it (chunked); a declared length within
    // its limit is never read, so the client's leaving is not seen there.
    const readFramings = Object.entries(framings).filter(
      ([framing]) => readsItsBody || framing === "chunked",
    );
    for (const [framing, header] of readFramings) {
      it(`${method} ${path} (${framing}): no error logged, answered as the client's failure`, async () => {
        const capture = startLogCapture();
        try {
          const body = framing === "chunked" ? `400\r\n${start}` : start;
          await sendHalfAndLeave(
            `${method} ${path} HTTP/1.1\r\nContent-Type: ${contentType}\r\n${header}`,
            body,
          );
          await expect
            .poll(() => capture.lines().filter((line) => line.msg === "request"), {
              timeout: 5000,
            })
            .toHaveLength(1);
          const lines = capture.lines();
          expect(lines.filter((line: LogLine) => line.level === "error")).toEqual([]);
          const [request] = lines.filter((line) => line.msg === "request");
          expect(request).toMatchObject({ status: 400 });
        } finally {
          capture.stop();
        }
      });
    }
  }
});
