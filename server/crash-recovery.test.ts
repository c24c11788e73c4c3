/**
 * The server as a real child process: killed with SIGKILL while submissions
 * stream in, then started again. Nothing it acknowledged may be lost.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#database/open-database";
import { formSubmissions, mailOutbox } from "#database/schema";
import { addressesOf, startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";

const mainScript = fileURLToPath(new URL("./main.ts", import.meta.url));
const notifyEmail = "majitelka@example.cz";

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

type RunningServer = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ["--import", "tsx", mainScript], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

async function waitUntilHealthy(baseUrl: string, server: RunningServer, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`Server exited:\n${server.output()}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server did not become healthy:\n${server.output()}`);
}

function giftRequest(n: number) {
  return {
    formType: "gift_ritual",
    name: `Návštěvnice ${n}`,
    email: `navstevnice-${n}@example.cz`,
    privacyConsent: true,
    website: "",
  };
}

describe("the server killed with SIGKILL while submissions stream in", () => {
  let dataDir: string;
  let smtp: TestSmtpServer;
  let env: Record<string, string>;
  let baseUrl: string;
  const running: RunningServer[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "crash-recovery-"));
    smtp = await startTestSmtpServer();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: join(dataDir, "no-build"),
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: notifyEmail,
      FORM_RATE_LIMIT_PER_HOUR: "100000",
    };
  });
  afterAll(async () => {
    for (const server of running) server.child.kill("SIGKILL");
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged submission, sends its e-mails after the restart, and refuses a second server", async () => {
    const first = startServer(env);
    running.push(first);
    await waitUntilHealthy(baseUrl, first);

    // Four visitors at a time send until the server dies under them.
    const acknowledged: string[] = [];
    let next = 0;
    const sender = async () => {
      for (;;) {
        const n = next++;
        try {
          const response = await fetch(`${baseUrl}/api/form-submissions`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(giftRequest(n)),
          });
          if (response.status === 201) acknowledged.push(giftRequest(n).email);
          else expect(response.status).toBe(201);
        } catch {
          return; // the server is gone
        }
      }
    };
    const senders = Promise.all([sender(), sender(), sender(), sender()]);
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill("SIGKILL");
    await senders;
    expect(await first.exited).toBeNull();

    const second = startServer(env);
    running.push(second);
    await waitUntilHealthy(baseUrl, second);

    // A third server on the same data folder must refuse, not share it.
    const third = startServer({ ...env, PORT: String(await freePort()) });
    running.push(third);
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain("in use by another server");

    // Every acknowledged request: the practitioner's notification and the gift.
    const delivered = () => {
      const recipients = new Set(smtp.mails.flatMap((mail) => mail.envelopeTo));
      const repliesTo = new Set(smtp.mails.flatMap((mail) => addressesOf(mail.replyTo)));
      return acknowledged.filter((email) => !recipients.has(email) || !repliesTo.has(email));
    };
    await expect.poll(delivered, { timeout: 60_000, interval: 250 }).toEqual([]);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await readdir(dataDir)).not.toContain("server.lock");

    const database = await openDatabase({ dataDir });
    try {
      const stored = await database.db
        .select({ id: formSubmissions.id, email: formSubmissions.email })
        .from(formSubmissions)
        .where(inArray(formSubmissions.email, acknowledged));
      expect(stored.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
      const mails = await database.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(
          inArray(
            mailOutbox.submissionId,
            stored.map((row) => row.id),
          ),
        );
      expect(mails).toHaveLength(acknowledged.length * 2);
      expect(mails.every((mail) => mail.status === "sent")).toBe(true);
    } finally {
      await database.close();
    }
  }, 400_000);
});
