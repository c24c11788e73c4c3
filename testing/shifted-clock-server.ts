/**
 * The real server (`server/main.ts`) with a time a browser test can move: it reads the shift in
 * milliseconds from the file named by `TEST_CLOCK_FILE` (written by the test, `writeClockShift`)
 * whenever the file changes, and moves the server's clock by it (`shiftSystemClock`). Started
 * as `startServerProcess({ entry })`; nothing else of the server changes.
 */
import { readFileSync, watchFile } from "node:fs";
import { writeFile } from "node:fs/promises";
import { shiftSystemClock } from "#server/clock";

export const shiftedClockEntry = import.meta.filename;

/** Moves a server started with this entry `ms` from the system's time (read within 100 ms). */
export async function writeClockShift(file: string, ms: number) {
  await writeFile(file, String(ms));
  // The server's watcher polls: wait until it must have read the new shift.
  await new Promise((resolve) => setTimeout(resolve, 400));
}

const file = process.env.TEST_CLOCK_FILE;
if (file && process.argv[1] === import.meta.filename) {
  const read = () => {
    try {
      shiftSystemClock(Number(readFileSync(file, "utf8")) || 0);
    } catch {
      shiftSystemClock(0);
    }
  };
  read();
  watchFile(file, { interval: 100 }, read);
  await import("#server/main");
}
