import { describe, expect, it } from "vitest";
import { captureLog } from "./logger";
import { repeatEvery } from "./repeating-task";

describe("repeatEvery", () => {
  it("runs at once and then on its interval; a failed run is logged and the next one goes ahead", async () => {
    let runs = 0;
    const lines = await captureLog(async () => {
      const task = repeatEvery("Cleanup", 20, async () => {
        runs += 1;
        if (runs === 1) throw new Error("database went away");
      });
      while (runs < 3) await new Promise((wait) => setTimeout(wait, 5));
      await task.stop();
    });
    const afterStop = runs;
    await new Promise((wait) => setTimeout(wait, 60));
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
});
