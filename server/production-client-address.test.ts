/**
 * The client address and HSTS as production sees them: real HTTP on a real
 * socket, once with no proxy trusted (the default) and once behind a trusted
 * proxy. Every other test server trusts X-Forwarded-For, so only these tests
 * notice when a client can pick its own rate-limit bucket or fake HTTPS.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";

type Answer = { status: number; headers: http.IncomingHttpHeaders };

/** One request over a new connection, from `localAddress` (any of 127.0.0.0/8 on loopback). */
function send(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    localAddress = "127.0.0.1",
  }: { method?: string; headers?: Record<string, string>; body?: unknown; localAddress?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        localAddress,
        agent: false,
        headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      },
    );
    request.on("error", reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The window of the form limit (submissions per hour). */
const hourMs = 60 * 60_000;

let visitor = 0;
/** A gift request to an e-mail address of its own, so only the client-address limit counts. */
function submit(
  server: TestServer,
  { forwardedFor, localAddress }: { forwardedFor?: string; localAddress?: string },
) {
  visitor += 1;
  return send(`${server.origin}/api/form-submissions`, {
    method: "POST",
    localAddress,
    headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    body: {
      formType: "gift_ritual",
      name: "Šárka Dvořáková",
      email: `navstevnice${visitor}@example.cz`,
      privacyConsent: true,
      website: "",
    },
  });
}

/** A test server for the tests of one `describe`, two submissions an hour per client address. */
function useServer(trustProxy: "true" | "false") {
  const holder: { server: TestServer } = { server: undefined as unknown as TestServer };
  beforeAll(async () => {
    holder.server = await startTestServer({
      settings: { TRUST_PROXY: trustProxy, FORM_RATE_LIMIT_PER_HOUR: "2" },
    });
  }, openTimeoutMs);
  afterAll(async () => {
    await holder.server?.close();
  });
  return holder;
}

describe("with no proxy trusted (production's default)", () => {
  const started = useServer("false");

  it("counts submissions by the socket's address, whatever X-Forwarded-For the client sends", async () => {
    started.server.startFreshWindow(hourMs);
    const statuses = [];
    for (const forwardedFor of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) {
      statuses.push((await submit(started.server, { forwardedFor })).status);
    }
    expect(statuses).toEqual([201, 201, 429]);

    // Another socket address has a bucket of its own.
    expect((await submit(started.server, { localAddress: "127.0.0.2" })).status).toBe(201);
  });

  it("sends no HSTS over plain HTTP, even when the client claims X-Forwarded-Proto: https", async () => {
    const claimed = await send(`${started.server.origin}/healthz`, {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.headers["strict-transport-security"]).toBeUndefined();
    // The other security headers are there on the same answer.
    expect(claimed.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("behind a trusted proxy (TRUST_PROXY=true)", () => {
  const started = useServer("true");

  it("counts submissions by the last X-Forwarded-For entry, the one the proxy appended", async () => {
    started.server.startFreshWindow(hourMs);
    const statuses = [];
    // The client prepends an address of its choice; the proxy appends the one it saw.
    for (const forged of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) {
      statuses.push(
        (await submit(started.server, { forwardedFor: `${forged}, 198.51.100.7` })).status,
      );
    }
    expect(statuses).toEqual([201, 201, 429]);

    // Another visitor behind the same proxy (same socket) has a bucket of her own.
    expect((await submit(started.server, { forwardedFor: "192.0.2.1, 198.51.100.8" })).status).toBe(
      201,
    );
  });

  it("sends HSTS when the proxy says the visitor came over HTTPS, and not over HTTP", async () => {
    const overHttps = await send(`${started.server.origin}/healthz`, {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(overHttps.headers["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    const overHttp = await send(`${started.server.origin}/healthz`, {
      headers: { "X-Forwarded-Proto": "http" },
    });
    expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
  });
});
