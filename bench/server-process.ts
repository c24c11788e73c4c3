/**
 * Starts the real server (`server/main.ts`) as a child process with its own
 * data folder, build folder and port, and times it until /healthz answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";

export const buildDir = "build-bench";
/** Far above any flood of the bench: the per-address limit would refuse it otherwise. */
export const benchRateLimit = "1000000000";
const jwtSecret = "bench-only-secret-bench-only-secret-0123456789";

export type RunningServer = {
  baseUrl: string;
  pid: number;
  /** From spawning the process to the first 200 of /healthz. */
  startupMs: number;
  readRssBytes(): Promise<number>;
  stop(): Promise<void>;
};

export type ServerOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Another entry file (the hello-world), run with the same Node. */
  entry?: string;
};

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const begun = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", options.entry ?? "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      SMTP_URL: "",
      FORM_RATE_LIMIT_PER_HOUR: benchRateLimit,
      TRUST_PROXY: "true",
      JWT_SECRET: jwtSecret,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const healthPath = options.entry ? "/" : "/healthz";
  await waitForAnswer(child, `${baseUrl}${healthPath}`, () => output);
  const startupMs = performance.now() - begun;
  const pid = child.pid as number;
  return {
    baseUrl,
    pid,
    startupMs,
    readRssBytes: () => readRss(pid),
    stop: () => stopProcess(child),
  };
}

async function waitForAnswer(child: ChildProcess, url: string, output: () => string) {
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const sent = http.get(url, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      sent.on("error", () => resolve(false));
      sent.setTimeout(1000, () => {
        sent.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not answer ${url} within 180 s:\n${output()}`);
}

async function readRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
  return kilobytes * 1024;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
