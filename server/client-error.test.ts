/**
 * Requests Node's HTTP parser refuses before any route sees them are answered
 * like every other refusal: JSON with a code and a Czech message.
 */
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import { answerClientErrors } from "./client-error";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, openTimeoutMs);

afterAll(() => server?.close());

/** Writes `raw` on a new connection and returns everything the server sent until it closed. */
function exchange(raw: string, origin = server.origin): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.write(raw));
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

  it.each([
    ["an HTTP/1.1 request without Host", "GET /healthz HTTP/1.1\r\n\r\n"],
    ["a Host no URL can be made of", "GET /healthz HTTP/1.1\r\nHost: exa mple\r\n\r\n"],
    ["a backslash in the path", "GET /a\\..\\healthz HTTP/1.1\r\nHost: x\r\n\r\n"],
  ])(
    "%s: 400 malformed_request in JSON, where Node and the adapter answered nothing",
    async (_name, raw) => {
      const { statusLine, head, body } = parse(await exchange(raw));
      expect(statusLine).toBe("HTTP/1.1 400 Bad Request");
      expect(head).toContain("Content-Type: application/json");
      expect(body).toEqual({
        error: { code: "malformed_request", message: "Požadavek nemá platný tvar HTTP." },
      });
    },
  );

  it("CONNECT: 501 method_not_implemented in JSON, where Node closed the connection", async () => {
    const { statusLine, head, body } = parse(
      await exchange("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"),
    );
    expect(statusLine).toBe("HTTP/1.1 501 Not Implemented");
    expect(head).toContain("Content-Type: application/json");
    expect(body).toEqual({
      error: {
        code: "method_not_implemented",
        message: "Tento server metodu CONNECT nepodporuje.",
      },
    });
  });

  it("CONNECT from clients that reset the connection at once leaves the server up", async () => {
    const { hostname, port } = new URL(server.origin);
    await Promise.all(
      Array.from(
        { length: 50 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(port), hostname, () => {
              socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
              socket.resetAndDestroy();
            });
            socket.on("close", () => resolve());
            socket.on("error", () => resolve());
          }),
      ),
    );
    const response = await fetch(`${server.origin}/healthz`);
    expect(response.status).toBe(200);
  });

  it("an HTTP/1.0 request, which may leave Host out, is answered as usual", async () => {
    const answer = await exchange("GET /healthz HTTP/1.0\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it("still answers a well-formed request on the same server", async () => {
    const response = await fetch(`${server.origin}/healthz`);
    expect(response.status).toBe(200);
  });
});

describe("the same answers on a bare Node server", () => {
  let bare: Server;
  let origin: string;
  beforeAll(async () => {
    // A route that starts its answer before reading the body, and timeouts a test can wait for.
    bare = createServer({ requestTimeout: 500, connectionsCheckingInterval: 100 }, (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("12345");
    });
    answerClientErrors(bare);
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    bare.closeAllConnections();
    bare.close();
  });

  it("a body that stops coming after the route answered: its time runs out, the answer stays whole", async () => {
    const answer = await exchange(
      "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a part",
      origin,
    );
    // The route answered at once; the timeout finds its answer under way and only closes.
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).not.toContain("HTTP/1.1 4");
  });

  it("a request that never finishes its headers: 408 request_timeout in JSON", async () => {
    const { statusLine, body } = parse(await exchange("GET / HTTP/1.1\r\nHost: x\r\n", origin));
    expect(statusLine).toBe("HTTP/1.1 408 Request Timeout");
    expect(body).toMatchObject({ error: { code: "request_timeout" } });
  });

  it("writes nothing into an answer already under way: a bad chunk after it only closes", async () => {
    const { port } = new URL(origin);
    const answer = await new Promise<string>((resolve, reject) => {
      let received = "";
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"),
      );
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        received += chunk;
        // The route's answer has begun: now a chunk no parser accepts.
        if (received.includes("12345")) socket.write("zz\r\nbad\r\n");
      });
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*12345/);
    expect(answer).not.toContain("HTTP/1.1 400");
  });
});
