/**
 * The real server's log, as a log collector reads it: JSON lines on stdout,
 * one per request and per mail attempt, with what an operator needs, and no
 * secret after a run of bad input and a sign-in.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authStorageKey } from "#shared/auth-storage-key";
import {
  buildServerEnv,
  confirmByMail,
  findFreePort,
  type ServerProcess,
  startServerProcess,
} from "#testing/server-process";

const password = "tajne-heslo-logu-7c1d";
const email = "logovana@example.cz";
const visitorMessage = "Soukromá zpráva, která do logu nepatří.";
const metricsToken = "the-metrics-token-of-the-log-test";

describe("the server's log", () => {
  let directory: string;
  let server: ServerProcess;
  const secrets: string[] = [password, email, visitorMessage, "Vendula Tajná"];

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "log-test-"));
    server = await startServerProcess({
      seedDatabase: true,
      env: buildServerEnv({
        port: await findFreePort(),
        host: "127.0.0.1",
        dataDir: directory,
        buildDir: join(directory, "no-build"),
        settings: { TRUST_PROXY: "true", METRICS_TOKEN: metricsToken },
      }),
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it("is JSON lines, one per request and per mail attempt, with no secret in them", async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": "203.0.113.40",
          ...headers,
        },
        body,
      });
    // Bad input that carries secrets: each must be refused without being logged.
    const bad = [
      await post(
        "/api/form-submissions",
        `{"formType":"contact","name":"Vendula Tajná","message":"${visitorMessage}"`,
      ),
      await post(
        "/api/form-submissions",
        JSON.stringify({
          formType: "contact",
          name: "Vendula Tajná",
          email,
          message: visitorMessage,
          privacyConsent: false,
          website: "",
        }),
      ),
      await post("/auth/v1/token?grant_type=password", JSON.stringify({ email, password })),
      await post(
        "/auth/v1/token?grant_type=refresh_token",
        JSON.stringify({ refresh_token: password }),
      ),
      await post("/auth/v1/signup", JSON.stringify({ email, password: "12345" })),
    ];
    expect(bad.map((response) => response.status)).toEqual([400, 422, 400, 400, 422]);

    const client = new AuthClient({
      url: `${server.baseUrl}/auth/v1`,
      storageKey: authStorageKey("127"),
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      headers: { "X-Forwarded-For": "198.51.100.40" },
    });
    expect(
      (await client.signUp({ email, password, options: { data: { full_name: "Vendula" } } })).error,
    ).toBeNull();
    // She signs in once the link of the sign-up's e-mail has confirmed her address.
    await confirmByMail(server, join(directory, "mail"), email);
    const signedIn = await client.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    const session = signedIn.data.session;
    if (!session) throw new Error("no session");
    secrets.push(session.access_token, session.refresh_token);
    expect((await client.refreshSession()).error).toBeNull();

    const gift = await post(
      "/api/form-submissions",
      JSON.stringify({
        // The scent gift, whose built-in guide lets its e-mail go at once.
        formType: "gift_fragrance",
        name: "Vendula Tajná",
        email,
        privacyConsent: true,
        website: "",
      }),
      { "X-Request-Id": "proxy-given-id-1" },
    );
    expect(gift.status).toBe(201);
    // Refusals of the administration's guard and the members' materials, by their codes too.
    const admin = await fetch(`${server.baseUrl}/api/admin/access`);
    expect(admin.status).toBe(401);
    const members = await fetch(`${server.baseUrl}/api/members/materials`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(members.status).toBe(403);
    expect(gift.headers.get("X-Request-Id")).toBe("proxy-given-id-1");

    // The worker sends the sign-up's confirmation and the gift's two e-mails (into the mail folder) at once.
    const deadline = Date.now() + 30_000;
    const attempts = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"mail attempt"'));
    while (attempts().length < 3 && Date.now() < deadline)
      await new Promise((wait) => setTimeout(wait, 100));

    const text = server.output();
    const printed = text.trim().split("\n");
    // Hono's static files warn (not through our logger) that this test server has no build.
    const other = printed.filter((line) => !line.startsWith("{"));
    expect(other.every((line) => line.startsWith("serveStatic: root path"))).toBe(true);
    const lines = printed
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) {
      expect(line).toMatchObject({
        level: expect.any(String),
        time: expect.any(String),
        msg: expect.any(String),
      });
    }
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.length).toBeGreaterThanOrEqual(bad.length + 4);
    expect(requests).toContainEqual({
      level: "info",
      time: expect.any(String),
      msg: "request",
      requestId: "proxy-given-id-1",
      method: "POST",
      route: "/api/form-submissions",
      status: 201,
      durationMs: expect.any(Number),
    });
    // A refused request's line says why, by the error's code (never its message).
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: "POST",
        route: "/auth/v1/token",
        status: 400,
        code: "invalid_credentials",
      }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: "POST",
        route: "/api/form-submissions",
        status: 422,
        code: "validation_failed",
      }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        route: "/api/form-submissions",
        status: 400,
        code: "invalid_json",
      }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ route: "/api/admin/access", status: 401, code: "unauthorized" }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        route: "/api/members/materials",
        status: 403,
        code: "not_a_member",
      }),
    );
    const mailAttempts = lines.filter((line) => line.msg === "mail attempt");
    expect(mailAttempts).toHaveLength(3);
    for (const attempt of mailAttempts) {
      expect(attempt).toMatchObject({
        outboxId: expect.any(Number),
        result: "sent",
        durationMs: expect.any(Number),
      });
    }

    // The server's metrics count the same attempts, and show the process.
    const metrics = await fetch(`${server.baseUrl}/metrics`, {
      headers: { Authorization: `Bearer ${metricsToken}` },
    });
    const metricsText = await metrics.text();
    expect(metricsText).toContain('harmonie_mail_send_duration_seconds_count{result="sent"} 3');
    expect(metricsText).toContain('harmonie_form_submissions{form_type="gift_fragrance"} 1');
    expect(metricsText).toMatch(/^process_resident_memory_bytes \d+/m);

    // A request Node's parser refuses gets the app's JSON, from the server as started (main.ts).
    const refused = await new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(server.baseUrl);
      let answer = "";
      const socket = connect(Number(port), hostname, () =>
        socket.end("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"),
      );
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });
    expect(refused).toMatch(/^HTTP\/1\.1 400 [\s\S]*"code":"malformed_request"/);

    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain("$argon2");
    expect(text).not.toMatch(/params:/i);
    expect(text).not.toMatch(/\b(insert into|select .* from|update .* set)\b/i);
  }, 120_000);
});
