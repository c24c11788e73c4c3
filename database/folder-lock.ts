/**
 * An exclusive lock on the embedded database's folder. Two PGlite processes on
 * one folder silently lose rows, so a second server must refuse to start, while
 * a server killed with SIGKILL (or a machine that rebooted) must not block the
 * next start. The lock file names its owner; an owner is judged dead when its
 * process is gone or is a zombie (killed, not yet reaped: a supervisor restarts
 * at once, and a container's init may reap late), its PID now belongs to a
 * younger process, or the machine booted since. An owner on another host (another container sharing the
 * folder) cannot be checked, so it must refresh the file's time: a lock not
 * refreshed for `staleAfterMs` is abandoned.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, readFile, rename, stat, unlink, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

type LockOwner = {
  pid: number;
  hostname: string;
  bootId: string | null;
  /** The process's start time in clock ticks since boot (Linux), to detect a reused PID. */
  processStart: string | null;
  token: string;
  since: string;
};

export type FolderLock = { path: string; release(): Promise<void> };

export class FolderLockedError extends Error {}

const heartbeatMs = 5_000;
/** Locks this process holds: the PID check cannot tell them from a dead owner's. */
const heldHere = new Set<string>();
const defaultStaleAfterMs = 30_000;

export async function acquireFolderLock(
  lockPath: string,
  options: { staleAfterMs?: number } = {},
): Promise<FolderLock> {
  const staleAfterMs = options.staleAfterMs ?? defaultStaleAfterMs;
  if (heldHere.has(resolve(lockPath))) {
    throw new FolderLockedError(`This process already uses the embedded database (${lockPath}).`);
  }
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    bootId: readProcFile("/proc/sys/kernel/random/boot_id"),
    processStart: processStartTime(process.pid),
    token: randomUUID(),
    since: new Date().toISOString(),
  };
  const waitUntil = Date.now() + staleAfterMs + Math.min(heartbeatMs, staleAfterMs);

  for (;;) {
    if (await createExclusively(lockPath, me)) return holdLock(lockPath, me.token);

    const found = await readOwner(lockPath);
    if (!found) continue; // removed or being written just now: try again
    const { owner, ageMs } = found;
    const verdict = judgeOwner(owner, me);
    if (verdict === "alive") {
      throw new FolderLockedError(lockedMessage(lockPath, owner));
    }
    if (verdict === "dead" || ageMs > staleAfterMs) {
      await removeStaleLock(lockPath, owner.token);
      continue;
    }
    if (Date.now() > waitUntil) throw new FolderLockedError(lockedMessage(lockPath, owner));
    await sleep(Math.min(1_000, staleAfterMs / 4));
  }
}

async function createExclusively(lockPath: string, owner: LockOwner): Promise<boolean> {
  // Written whole under a private name, then linked into place: the link fails
  // when a lock exists, and a reader never sees a half-written file.
  const draft = `${lockPath}.${owner.token}`;
  await writeFile(draft, `${JSON.stringify(owner, null, 2)}\n`);
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => {});
  }
}

function holdLock(lockPath: string, token: string): FolderLock {
  heldHere.add(resolve(lockPath));
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => {});
  }, heartbeatMs);
  heartbeat.unref();
  return {
    path: lockPath,
    async release() {
      clearInterval(heartbeat);
      heldHere.delete(resolve(lockPath));
      const found = await readOwner(lockPath);
      if (found?.owner.token === token) await unlink(lockPath).catch(() => {});
    },
  };
}

async function readOwner(lockPath: string): Promise<{ owner: LockOwner; ageMs: number } | null> {
  try {
    const [text, info] = await Promise.all([readFile(lockPath, "utf8"), stat(lockPath)]);
    return { owner: JSON.parse(text) as LockOwner, ageMs: Date.now() - info.mtimeMs };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    if (error instanceof SyntaxError) {
      // Not a lock this code wrote whole: treat it as abandoned.
      return {
        owner: { pid: 0, hostname: "", bootId: null, processStart: null, token: "", since: "" },
        ageMs: Number.POSITIVE_INFINITY,
      };
    }
    throw error;
  }
}

function judgeOwner(owner: LockOwner, me: LockOwner): "alive" | "dead" | "unknown" {
  if (owner.hostname !== me.hostname) return "unknown";
  if (owner.bootId && me.bootId && owner.bootId !== me.bootId) return "dead";
  // Not us: we do not hold it yet. A previous run in a container that reused our PID.
  if (owner.pid === me.pid) return "dead";
  if (!isProcessAlive(owner.pid)) return "dead";
  // Where /proc exists (Linux), it tells what kill(pid, 0) cannot.
  const found = readProcessStat(owner.pid);
  if (!found) return "alive";
  // A zombie still answers kill(pid, 0), but it runs no code and holds no files.
  if (found.state === "Z" || found.state === "X") return "dead";
  if (owner.processStart && owner.processStart !== found.startTime) return "dead";
  return "alive";
}

async function removeStaleLock(lockPath: string, staleToken: string) {
  // Moved aside first, so that of two servers starting at once only one removes it.
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  const moved = await readOwner(aside);
  if (moved && moved.owner.token !== staleToken) {
    // Another server took the lock in between: put its lock back.
    await link(aside, lockPath).catch(() => {});
  }
  await unlink(aside).catch(() => {});
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

function processStartTime(pid: number): string | null {
  return readProcessStat(pid)?.startTime ?? null;
}

/** The state (field 3: R, S, Z, X, …) and start time (field 22) of a process, from /proc. */
function readProcessStat(pid: number): { state: string; startTime: string } | null {
  const stat = readProcFile(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Counted after the command name, which may itself contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [state, startTime] = [fields[0], fields[19]];
  return state && startTime ? { state, startTime } : null;
}

function readProcFile(path: string): string | null {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return null;
  }
}

function lockedMessage(lockPath: string, owner: LockOwner): string {
  return (
    `The embedded database is in use by another server (process ${owner.pid} on ${owner.hostname}, ` +
    `since ${owner.since}); two servers on one data folder would lose data. Stop the other server, ` +
    `or give this one another DATA_DIR. If no other server runs, delete ${lockPath}.`
  );
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
