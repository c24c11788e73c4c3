import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildServerEnv,
  findFreePort,
  spawnServerProcess,
  waitUntilAnswering,
} from "#testing/server-process";
import { acquireFolderLock, FolderLockedError } from "./folder-lock";

const holderScript = fileURLToPath(new URL("../testing/lock-holder.fixture.ts", import.meta.url));

/** Another process that takes the lock, as a second server would. */
async function startLockHolder(lockPath: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", holderScript, lockPath], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await once(child.stdout, "data")) as [Buffer];
  expect(chunk.toString()).toContain("locked");
  return child;
}

type UnreapedHolder = { pid: number; parent: ChildProcess };

/**
 * A lock holder whose parent never waits for it: `sh` starts it in the
 * background and becomes `sleep`, so once killed it stays a zombie, as under
 * a supervisor or a container's init that has not reaped it yet.
 */
async function startUnreapedLockHolder(lockPath: string): Promise<UnreapedHolder> {
  const command = [process.execPath, "--import", "tsx", holderScript, lockPath];
  const parent = spawn("sh", ["-c", '"$@" & exec sleep 600', "sh", ...command], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await once(parent.stdout, "data")) as [Buffer];
  expect(chunk.toString()).toContain("locked");
  const { pid } = JSON.parse(await readFile(lockPath, "utf8")) as { pid: number };
  return { pid, parent };
}

/** The process's state letter from /proc (Z: zombie), or null once it is gone. */
async function readProcessState(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat ? (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? null) : null;
}

/** Runs the holder fixture as a second server would and returns how it ended. */
async function tryLockInAnotherProcess(lockPath: string) {
  const child = spawn(process.execPath, ["--import", "tsx", holderScript, lockPath], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    // Took the lock: it would hold it forever.
    if (output.includes("locked")) child.kill("SIGKILL");
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}

function lockFileOf(owner: Partial<Record<string, unknown>>) {
  return JSON.stringify({
    pid: 999_999_999,
    hostname: hostname(),
    bootId: null,
    processStart: null,
    token: "someone-else",
    since: "2026-01-01T00:00:00.000Z",
    ...owner,
  });
}

describe("the embedded database's folder lock", () => {
  let dir: string;
  let lockPath: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "folder-lock-"));
    lockPath = join(dir, "server.lock");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses a second holder while a live process holds it, and names that process", async () => {
    const holder = await startLockHolder(lockPath);
    try {
      const refusal = acquireFolderLock(lockPath);
      await expect(refusal).rejects.toThrow(FolderLockedError);
      await expect(refusal).rejects.toThrow(`process ${holder.pid}`);
    } finally {
      holder.kill("SIGKILL");
    }
  }, 30_000);

  it("is taken over once its holder was killed with SIGKILL", async () => {
    const holder = await startLockHolder(lockPath);
    holder.kill("SIGKILL");
    await once(holder, "exit");

    const lock = await acquireFolderLock(lockPath);
    expect(JSON.parse(await readFile(lockPath, "utf8")).pid).toBe(process.pid);
    await lock.release();
  }, 30_000);

  // Zombies and /proc are Linux's; CI and production run on Linux.
  it.runIf(process.platform === "linux")(
    "is taken over at once when its holder was killed and is not reaped yet, and still refuses a live second holder",
    async () => {
      const holder = await startUnreapedLockHolder(lockPath);
      try {
        process.kill(holder.pid, "SIGKILL");
        await expect.poll(() => readProcessState(holder.pid)).toBe("Z");

        const lock = await acquireFolderLock(lockPath);
        try {
          expect(JSON.parse(await readFile(lockPath, "utf8")).pid).toBe(process.pid);
          // Still unreaped: the takeover did not wait for it to disappear.
          expect(await readProcessState(holder.pid)).toBe("Z");

          const second = await tryLockInAnotherProcess(lockPath);
          expect(second.code).toBe(1);
          expect(second.output).toContain(`in use by another server (process ${process.pid}`);
        } finally {
          await lock.release();
        }
      } finally {
        holder.parent.kill("SIGKILL");
      }
    },
    30_000,
  );

  it("refuses a second lock within the same process", async () => {
    const lock = await acquireFolderLock(lockPath);
    try {
      await expect(acquireFolderLock(lockPath)).rejects.toThrow(FolderLockedError);
    } finally {
      await lock.release();
    }
  });

  it("is released on close, so the next server starts at once", async () => {
    const first = await acquireFolderLock(lockPath);
    await first.release();
    await expect(stat(lockPath)).rejects.toThrow();
    const second = await acquireFolderLock(lockPath);
    await second.release();
  });

  it.each([
    ["a process that no longer exists", lockFileOf({})],
    ["this process's PID, left by an earlier run in a container", lockFileOf({ pid: process.pid })],
    ["a PID now used by a younger process", lockFileOf({ pid: process.ppid, processStart: "1" })],
    ["a machine that has rebooted since", lockFileOf({ pid: process.ppid, bootId: "old-boot" })],
    ["a file that is not a lock", "{ half-writ"],
  ])("takes over a lock left by %s", async (_case, content) => {
    await writeFile(lockPath, content);

    const lock = await acquireFolderLock(lockPath);
    expect(JSON.parse(await readFile(lockPath, "utf8")).token).not.toBe("someone-else");
    await lock.release();
  });

  it("takes over a lock from another host once it is no longer refreshed", async () => {
    await writeFile(lockPath, lockFileOf({ hostname: "another-container" }));
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockPath, longAgo, longAgo);

    const lock = await acquireFolderLock(lockPath, { staleAfterMs: 30_000 });
    await lock.release();
  });

  it("refuses a lock from another host that its holder keeps refreshing", async () => {
    await writeFile(lockPath, lockFileOf({ hostname: "another-container" }));
    const refresh = setInterval(() => {
      const now = new Date();
      void utimes(lockPath, now, now);
    }, 100);
    try {
      await expect(acquireFolderLock(lockPath, { staleAfterMs: 600 })).rejects.toThrow(
        "another-container",
      );
    } finally {
      clearInterval(refresh);
    }
  }, 20_000);
});

// Zombies and /proc are Linux's; CI and production run on Linux.
describe.runIf(process.platform === "linux")("the server on the embedded database", () => {
  let dir: string;
  const started: ChildProcess[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "folder-lock-server-"));
  });
  afterEach(async () => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
    await rm(dir, { recursive: true, force: true });
  });

  it("starts again at once after a SIGKILL, before the killed one is reaped, and still refuses a second live server", async () => {
    const env = buildServerEnv({
      port: await findFreePort(),
      host: "127.0.0.1",
      dataDir: dir,
      buildDir: join(dir, "no-build"),
    });
    const first = spawnServerProcess({ env, unreaped: true });
    started.push(first.child);
    await waitUntilAnswering(first);
    const { pid } = JSON.parse(await readFile(join(dir, "server.lock"), "utf8")) as {
      pid: number;
    };

    process.kill(pid, "SIGKILL");
    await expect.poll(() => readProcessState(pid)).toBe("Z");
    const restarted = spawnServerProcess({ env });
    started.push(restarted.child);
    await waitUntilAnswering(restarted);
    // Never reaped: the restart did not wait for the killed server to disappear.
    expect(await readProcessState(pid)).toBe("Z");

    const second = spawnServerProcess({ env: { ...env, PORT: String(await findFreePort()) } });
    started.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another server (process ${restarted.pid}`);
  }, 320_000);
});
