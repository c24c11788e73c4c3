import { describe, expect, it } from "vitest";
import { captureLog } from "./logger";
import { repeatEvery } from "./repeating-task";

const pause = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

describe("repeatEvery", () => {
  it("runs at once and then on its interval; a failed run is logged and the next one goes ahead", async () => {
    let runs = 0;
    const lines = await captureLog(async () => {
      const task = repeatEvery("Cleanup", 20, async () => {
        runs += 1;
        if (runs === 1) throw new Error("database went away");
      });
      // The first run began before repeatEvery returned.
      expect(runs).toBe(1);
      while (runs < 3) await pause(5);
      await task.stop();
    });
    const afterStop = runs;
    await pause(60);
    expect(runs).toBe(afterStop);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "Cleanup failed; it runs again later",
        task: "Cleanup",
        error: expect.stringContaining("database went away"),
      }),
    ]);
  });

  it("runs one at a time: ticks that find a slow run still going are skipped, not queued", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const task = repeatEvery("Slow", 5, async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await pause(60);
      running -= 1;
    });
    await pause(200);
    await task.stop();
    expect(most).toBe(1);
    // About 200 ms / 60 ms runs, not the 40 ticks of 5 ms.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(5);
  });
});
