import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
