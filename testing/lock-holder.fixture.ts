// Test helper run as a separate process: holds the folder lock until killed.
import { acquireFolderLock } from "#database/folder-lock";

const lockPath = process.argv[2];
if (!lockPath) throw new Error("usage: lock-holder.fixture.ts <lock file>");
await acquireFolderLock(lockPath);
console.log("locked");
setInterval(() => {}, 60_000);
