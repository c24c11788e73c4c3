/**
 * The server as a real child process: killed with SIGKILL while submissions
 * stream in, then started again. Nothing it acknowledged may be lost.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#database/open-database";
import { formSubmissions, mailOutbox } from "#database/schema";
import { seedEmbeddedDatabase } from "#testing/embedded-database-template";
import {
  buildServerEnv,
  findFreePort,
  type ServerProcess,
  spawnServerProcess,
  waitUntilAnswering,
} from "#testing/server-process";
import { openTimeoutMs } from "#testing/test-databases";
import { addressesOf, startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";

const notifyEmail = "majitelka@example.cz";

function giftRequest(n: number) {
  return {
    // The scent gift: its built-in guide is there from the start, so its e-mail never waits.
    formType: "gift_fragrance",
    name: `Návštěvnice ${n}`,
    email: `navstevnice-${n}@example.cz`,
    privacyConsent: true,
    website: "",
  };
}

/**
 * A failed fetch the SIGKILL explains: the connection refused, reset or
 * closed under a request in flight. Anything else is a failure of the test.
 */
function isConnectionLoss(error: unknown): boolean {
  const codes = ["ECONNREFUSED", "ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"];
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (codes.includes((cause as NodeJS.ErrnoException).code ?? "")) return true;
  }
  return false;
}

describe("the server killed with SIGKILL while submissions stream in", () => {
  let dataDir: string;
  let smtp: TestSmtpServer;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "crash-recovery-"));
    await seedEmbeddedDatabase(dataDir);
    smtp = await startTestSmtpServer();
    env = buildServerEnv({
      port: await findFreePort(),
      host: "127.0.0.1",
      dataDir,
      buildDir: join(dataDir, "no-build"),
      smtpUrl: smtp.url,
      settings: { NOTIFY_EMAIL: notifyEmail, FORM_RATE_LIMIT_PER_HOUR: "100000" },
    });
    // The first copy of the embedded database's template makes it (migrations and the build's
    // rendered pages), which takes far longer than a hook's default 10 s on a busy machine.
  }, openTimeoutMs);
  afterAll(async () => {
    for (const server of running) server.child.kill("SIGKILL");
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function startServer(settings: Record<string, string> = {}) {
    const server = spawnServerProcess({ env: { ...env, ...settings } });
    running.push(server);
    return server;
  }

  it("answers 201 to every request until the kill, keeps each acknowledged submission, sends its e-mails after the restart, and refuses a second server", async () => {
    const first = startServer();
    await waitUntilAnswering(first, "/healthz", 150_000);

    // Four visitors at a time send until the server dies under them.
    const acknowledged: string[] = [];
    // Any answer but 201, and any failed request before the kill: the test fails with it.
    const unexpected: string[] = [];
    let killed = false;
    let next = 0;
    const sender = async () => {
      while (unexpected.length === 0) {
        const n = next++;
        let response: Response;
        try {
          response = await fetch(`${first.baseUrl}/api/form-submissions`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(giftRequest(n)),
          });
        } catch (error) {
          if (killed && isConnectionLoss(error)) return; // the server is gone, as intended
          unexpected.push(`request ${n} failed${killed ? " after the kill" : ""}: ${error}`);
          return;
        }
        if (response.status !== 201) {
          unexpected.push(`request ${n}: ${response.status} ${await response.text()}`);
          return;
        }
        acknowledged.push(giftRequest(n).email);
      }
    };
    const senders = Promise.all([sender(), sender(), sender(), sender()]);
    while (acknowledged.length < 40 && unexpected.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    killed = true;
    first.child.kill("SIGKILL");
    await senders;
    expect(unexpected).toEqual([]);
    expect(await first.exited).toBeNull();

    const second = startServer();
    await waitUntilAnswering(second, "/healthz", 150_000);

    // A third server on the same data folder must refuse, not share it.
    const third = startServer({ PORT: String(await findFreePort()) });
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
