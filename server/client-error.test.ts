/**
 * Requests Node's HTTP parser refuses before any route sees them are answered
 * like every other refusal: JSON with a code and a Czech message.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, openTimeoutMs);

afterAll(() => server?.close());

/** Writes `raw` on a new connection and returns everything the server sent until it closed. */
function exchange(raw: string): Promise<string> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.end(raw));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

function parse(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  return { statusLine: head.split("\r\n")[0], head, body: JSON.parse(body) as unknown };
}

describe("requests the HTTP parser refuses", () => {
  it.each([
    [
      "a negative Content-Length",
      "POST /api/form-submissions HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    ],
    [
      "two different Content-Lengths",
      "POST /api/form-submissions HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
    ],
    ["a header line without a colon", "GET / HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n"],
  ])("%s: 400 malformed_request in JSON", async (_name, raw) => {
    const { statusLine, head, body } = parse(await exchange(raw));
    expect(statusLine).toBe("HTTP/1.1 400 Bad Request");
    expect(head).toContain("Content-Type: application/json");
    expect(body).toEqual({
      error: { code: "malformed_request", message: "Požadavek nemá platný tvar HTTP." },
    });
  });

  it("headers over 16 KB: 431 request_headers_too_large in JSON", async () => {
    const raw = `GET / HTTP/1.1\r\nHost: x\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`;
    const { statusLine, body } = parse(await exchange(raw));
    expect(statusLine).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(body).toMatchObject({ error: { code: "request_headers_too_large" } });
  });

  it("still answers a well-formed request on the same server", async () => {
    const response = await fetch(`${server.origin}/healthz`);
    expect(response.status).toBe(200);
  });
});
