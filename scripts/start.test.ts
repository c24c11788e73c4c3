import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "#shared/site";
import { seedEmbeddedDatabase } from "#testing/embedded-database-template";
import { sampleContact } from "#testing/sample-submissions";
import { buildServerEnv, findFreePort, projectDir } from "#testing/server-process";
import { hashBuildInputs, stampFile } from "./build-if-changed";

/**
 * `npm start` as a newcomer runs it, with SITE_URL unset: on a build it takes as current (a
 * stand-in page stamped with the inputs' hash), so that it starts the server without building.
 */
let folder: string;
let dataDir: string;
let port: number;
let npmStart: ChildProcess;
let output = "";

async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** Whether something still listens on the port (on any interface, as the server does). */
async function isPortTaken(): Promise<boolean> {
  const probe = createServer();
  const taken = await new Promise<boolean>((done) => {
    probe.once("error", () => done(true));
    probe.listen(port, "0.0.0.0", () => done(false));
  });
  if (!taken) await new Promise((done) => probe.close(done));
  return taken;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "npm-start-"));
  const buildDir = join(folder, "build");
  dataDir = join(folder, "data");
  // A build that renders no page: the server still starts, serving what the page store holds.
  await mkdir(join(buildDir, "server"), { recursive: true });
  await writeFile(join(buildDir, "server", "index.js"), "export {};");
  await writeFile(join(buildDir, stampFile), `${await hashBuildInputs(projectDir)}\n`);
  await seedEmbeddedDatabase(dataDir);
  port = await findFreePort();
  const env = buildServerEnv({ port, dataDir, buildDir, settings: { SITE_URL: "" } });
  // A process group of its own: whatever `npm start` leaves running is ended after the tests.
  npmStart = spawn("npm", ["start"], {
    cwd: projectDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  npmStart.stdout?.on("data", keep);
  npmStart.stderr?.on("data", keep);
  await until(() => output.includes(`Open http://localhost:${port}`), "No listening line");
}, 120_000);

afterAll(async () => {
  try {
    if (npmStart.pid) process.kill(-npmStart.pid, "SIGKILL");
  } catch {
    // Everything had exited.
  }
  await rm(folder, { recursive: true, force: true });
});

describe("npm start", () => {
  it("says where the server listens and which address opens it, without building again", () => {
    expect(output).toContain("is current: not building again");
    expect(output).toContain(`Open http://localhost:${port} (listening on every interface`);
    expect(output).toContain("SITE_URL is not set");
    expect(output.match(/IČO or seat are still the examples/g)).toHaveLength(1);
  });

  it("links its e-mails to this server when SITE_URL is not set", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sampleContact),
    });
    expect(response.status).toBe(201);
    const mailDir = join(dataDir, "mail");
    const mailFiles = async () =>
      (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith(".eml"));
    await until(async () => (await mailFiles()).length === 2, "Not two e-mails");
    for (const file of await mailFiles()) {
      const mail = await simpleParser(await readFile(join(mailDir, file)));
      expect(mail.html).toContain(`href="http://localhost:${port}`);
      expect(mail.html).not.toContain(`href="${site.url}`);
    }
  }, 30_000);

  it("stops the server on a SIGTERM sent to npm, freeing the port and the data folder", async () => {
    const lockFile = join(dataDir, "server.lock");
    expect(existsSync(lockFile)).toBe(true);
    const exited = once(npmStart, "exit");
    npmStart.kill("SIGTERM");
    await exited;
    await until(
      async () => !(await isPortTaken()) && !existsSync(lockFile),
      "Still running",
      5_000,
    );
  }, 30_000);
});
