import { describe, expect, it } from "vitest";
import { createBackgroundTasks } from "./background-tasks";
import { captureLog } from "./logger";

describe("background tasks", () => {
  it("log a failure as a JSON line with the task's name and the error's summary, and go on", async () => {
    const tasks = createBackgroundTasks();
    let ranAfter = false;
    const lines = await captureLog(async () => {
      tasks.run("send-welcome", async () => {
        throw new Error("SMTP peer went away");
      });
      tasks.run("next", async () => {
        ranAfter = true;
      });
      await tasks.idle();
    });
    expect(ranAfter).toBe(true);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "Background task failed",
        task: "send-welcome",
        error: expect.stringContaining("SMTP peer went away"),
      }),
    ]);
  });
});
