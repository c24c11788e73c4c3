/**
 * The browser tests' three servers, started side by side before the first test and stopped
 * after the last (Playwright's `webServer` entries start one after another, which took about
 * 30 s of every run). Each data folder is made fresh: the main server's emptied, the other
 * two seeded with accounts (seed-accounts.ts) before they start. Their warnings and errors
 * are shown with the tests' output.
 */
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { promisify } from "node:util";
import {
  buildServerEnv,
  projectDir,
  type ServerProcess,
  startServerProcess,
} from "#testing/server-process";
import {
  accountsDataDir,
  accountsPort,
  accountsServerSettings,
  twoFactorBaseUrl,
  twoFactorDataDir,
  twoFactorPort,
  twoFactorServerSettings,
} from "./accounts-server";
import { mainDataDir, mainPort, mainServerSettings } from "./main-server";

const run = promisify(execFile);
// The servers' warnings and errors, not a line per request.
const quietLog = { LOG_LEVEL: "warn" };

async function seed(...args: string[]) {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "e2e/seed-accounts.ts", ...args],
    {
      cwd: projectDir,
    },
  );
  process.stdout.write(`[seed] ${stdout}`);
}

async function start(port: number, dataDir: string, settings: Record<string, string>) {
  const server = await startServerProcess({
    seedDatabase: true,
    env: buildServerEnv({ port, dataDir, settings: { ...settings, ...quietLog } }),
  });
  process.stdout.write(prefixed(port, startLinesNotShownYet(server.output())));
  server.child.stdout?.on("data", (chunk: Buffer) =>
    process.stdout.write(prefixed(port, `${chunk}`)),
  );
  server.child.stderr?.on("data", (chunk: Buffer) =>
    process.stderr.write(prefixed(port, `${chunk}`)),
  );
  return server;
}

/** The messages a server said while starting: one that each of them says (the example IČO) shows once. */
const startMessages = new Set<string>();

function startLinesNotShownYet(output: string): string {
  return output
    .split(/(?<=\n)/)
    .filter((line) => {
      const message = /"msg":("(?:[^"\\]|\\.)*")/.exec(line)?.[1];
      if (message === undefined) return true;
      if (startMessages.has(message)) return false;
      startMessages.add(message);
      return true;
    })
    .join("");
}

function prefixed(port: number, text: string): string {
  return text.replace(/^(?=.)/gm, `[server ${port}] `);
}

export default async function globalSetup() {
  await rm(mainDataDir, { recursive: true, force: true });
  const started = await Promise.allSettled([
    start(mainPort, mainDataDir, mainServerSettings),
    seed().then(() => start(accountsPort, accountsDataDir, accountsServerSettings)),
    seed(twoFactorDataDir, twoFactorBaseUrl).then(() =>
      start(twoFactorPort, twoFactorDataDir, twoFactorServerSettings),
    ),
  ]);
  const servers = started.flatMap((result) =>
    result.status === "fulfilled" ? [result.value as ServerProcess] : [],
  );
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  return stopAll;
}
