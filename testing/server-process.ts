/**
 * The real server (`server/main.ts`) as a child process, the way the crash
 * test, the bench and the performance run start it: the environment built in
 * one place (`buildServerEnv`, which the browser tests' Playwright servers
 * use too), then timed until /healthz answers, and stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { simpleParser } from "mailparser";
import { seedEmbeddedDatabase } from "./embedded-database-template";

export const projectDir = resolve(import.meta.dirname, "..");

export type ServerEnvOptions = {
  port: number;
  dataDir: string;
  /** The built site (`npm run build`); a missing folder serves only the APIs. */
  buildDir?: string;
  /** Unset: every interface, as in production. */
  host?: string;
  siteUrl?: string;
  /** Unset: the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** Unset: e-mails as .eml files in `dataDir/mail`. */
  smtpUrl?: string;
  /** Any other settings (README's table), as environment variables. */
  settings?: Record<string, string>;
};

/**
 * The environment of a server started for a test, a bench or a measurement.
 * The database and the mail server are always named, so whatever the shell
 * that runs the tool has set never reaches the server by accident.
 */
export function buildServerEnv({
  port,
  dataDir,
  buildDir = process.env.BUILD_DIR ?? "build",
  host,
  siteUrl = `http://localhost:${port}`,
  databaseUrl = "",
  smtpUrl = "",
  settings = {},
}: ServerEnvOptions): Record<string, string> {
  return {
    PORT: String(port),
    ...(host ? { HOST: host } : {}),
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    SITE_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    ...settings,
  };
}

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** What the server printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  readRssBytes(): Promise<number>;
  /** Sends a signal to the server (to its whole process group when it has its own). */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
};

export type StartOptions = {
  env: Record<string, string>;
  /** Another entry file (the bench's hello-world), run with the same Node and tsx. */
  entry?: string;
  /**
   * Started in the background by `sh`, which then becomes `sleep` and never
   * reaps it: once killed, the server stays a zombie, as under a supervisor or
   * a container's init that has not reaped it yet. `pid` is then the shell's.
   */
  unreaped?: boolean;
  /**
   * A process group of its own (the soak): `kill` then ends whatever the
   * server started too, and a Ctrl+C meant for the tool does not reach it.
   */
  ownProcessGroup?: boolean;
};

/** Spawns the server and returns at once (see `startServerProcess` to wait until it answers). */
export function spawnServerProcess({
  env,
  entry = "server/main.ts",
  unreaped = false,
  ownProcessGroup = false,
}: StartOptions): ServerProcess {
  const command = [process.execPath, "--import", "tsx", resolve(projectDir, entry)];
  const [file, ...args] = unreaped
    ? ["sh", "-c", '"$@" & exec sleep 600', "sh", ...command]
    : (command as [string, ...string[]]);
  const child = spawn(file, args, {
    cwd: projectDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: ownProcessGroup,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const pid = child.pid as number;
  return {
    child,
    pid,
    baseUrl: `http://${env.HOST ?? "127.0.0.1"}:${env.PORT}`,
    output: () => output,
    exited,
    readRssBytes: () => readRssBytes(pid),
    kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        if (ownProcessGroup) process.kill(-pid, signal);
        else child.kill(signal);
      } catch {
        // Gone already.
      }
    },
    stop: () => stopProcess(child, exited),
  };
}

/** Spawns the server and resolves once `healthPath` answers 200, with the time that took. */
export async function startServerProcess({
  healthPath = "/healthz",
  timeoutMs = 180_000,
  seedDatabase = false,
  ...options
}: StartOptions & {
  healthPath?: string;
  timeoutMs?: number;
  /**
   * On the embedded database, copy a migrated empty one into the data folder first when it
   * has none (testing/embedded-database-template.ts): a test server starts in a third of the time.
   */
  seedDatabase?: boolean;
}): Promise<ServerProcess & { startupMs: number }> {
  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = options.env;
  if (seedDatabase && dataDir && !databaseUrl) {
    await seedEmbeddedDatabase(resolve(projectDir, dataDir));
  }
  // Another server answering on the port would pass for this one (its own SMTP peer, its own
  // data) while this one fails to listen: two test files on one port, say.
  const address = `http://${options.env.HOST ?? "127.0.0.1"}:${options.env.PORT}`;
  if (options.env.PORT && (await answersOk(`${address}${healthPath}`))) {
    throw new Error(
      `Another server already answers at ${address}: give this one a port of its own.`,
    );
  }
  const begun = performance.now();
  const server = spawnServerProcess(options);
  await waitUntilAnswering(server, healthPath, timeoutMs);
  return { ...server, startupMs: performance.now() - begun };
}

/** Polls `path` until it answers 200; throws with the server's output if it exits or times out. */
export async function waitUntilAnswering(
  server: ServerProcess,
  path = "/healthz",
  timeoutMs = 180_000,
) {
  const url = `${server.baseUrl}${path}`;
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`The server exited (${server.child.exitCode}):\n${server.output()}`);
    }
    if (await answersOk(url)) return;
    await new Promise((wait) => setTimeout(wait, 20));
  }
  server.child.kill("SIGKILL");
  throw new Error(
    `The server did not answer ${url} within ${timeoutMs / 1000} s:\n${server.output()}`,
  );
}

function answersOk(url: string): Promise<boolean> {
  return new Promise((done) => {
    const sent = http.get(url, (response) => {
      response.resume();
      done(response.statusCode === 200);
    });
    sent.on("error", () => done(false));
    sent.setTimeout(1000, () => {
      sent.destroy();
      done(false);
    });
  });
}

/**
 * Ports for test servers come from below Linux's ephemeral range (32768–60999): the kernel hands
 * those to outgoing connections (to PostgreSQL, to an SMTP peer), and in CI one such connection
 * took a port found free here before the server could listen on it (EADDRINUSE). Each Vitest
 * worker takes its ports from a block of its own, so two workers never pick the same one; within
 * a worker, from a counter, so two servers started together never do either.
 */
const portBlocks = { first: 20_000, size: 1_000, count: 12 };
let nextPortOffset = Math.floor(Math.random() * portBlocks.size);

/** A port (or `consecutive` ports from it) nothing listens on right now, on loopback. */
export async function findFreePort({
  consecutive = 1,
}: {
  consecutive?: number;
} = {}): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? process.pid) % portBlocks.count;
  const blockStart = portBlocks.first + worker * portBlocks.size;
  const offsets = portBlocks.size - consecutive + 1;
  for (let tries = 0; tries < portBlocks.size; tries++) {
    const port = blockStart + (nextPortOffset % offsets);
    nextPortOffset += consecutive;
    const ports = Array.from({ length: consecutive }, (_, index) => port + index);
    if ((await Promise.all(ports.map(canListenOn))).every(Boolean)) return port;
  }
  throw new Error(`No ${consecutive} free port(s) from ${blockStart}`);
}

async function canListenOn(port: number): Promise<boolean> {
  const server = createServer();
  try {
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    return true;
  } catch {
    return false;
  } finally {
    if (server.listening) await new Promise((done) => server.close(done));
  }
}

async function readRssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
  return kilobytes * 1024;
}

async function stopProcess(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  child.kill("SIGTERM");
  await exited;
  clearTimeout(timer);
}

/**
 * Follows the confirmation link the server wrote into its mail folder for
 * `email` (waiting for the worker), on the server itself, as she would.
 */
export async function confirmByMail(server: ServerProcess, mailDir: string, email: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = (await readdir(mailDir).catch(() => [] as string[])).filter((file) =>
      file.endsWith(".eml"),
    );
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(mailDir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      const found = mail.text?.match(/https?:\/\/\S+\/auth\/v1\/verify\?[^\s\]>)]+/)?.[0];
      if (to?.text !== email || !found) continue;
      const link = new URL(found);
      const answer = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, {
        redirect: "manual",
      });
      if (answer.status !== 303) throw new Error(`Confirmation link answered ${answer.status}`);
      return;
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`No confirmation e-mail to ${email}`);
}
