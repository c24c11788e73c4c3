/**
 * How the log reaches stdout: the lines of one turn of the event loop in one
 * write, in order, and nothing left behind when the process exits.
 */
import { spawnSync } from "node:child_process";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { batchedWriter } from "./logger";

describe("the log's writer", () => {
  it("writes the lines of one turn of the event loop together, in their order", async () => {
    const writes: string[] = [];
    const writer = batchedWriter({ write: (text) => writes.push(text) });
    writer.write('{"msg":"one"}\n');
    writer.write('{"msg":"two"}\n');
    writer.write('{"msg":"three"}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n{"msg":"three"}\n']);
    writer.write('{"msg":"four"}\n');
    await nextTurn();
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n{"msg":"three"}\n', '{"msg":"four"}\n']);
  });

  it("writes what is still waiting when the process exits", () => {
    // The server's last words: a fatal line, then process.exit in the same turn.
    const script = `
      import { log, startLogging } from "./server/logger.ts";
      startLogging({ json: true });
      log.info({ requestId: "r-1" }, "request");
      log.fatal("The database stopped");
      process.exit(1);
    `;
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: new URL("..", import.meta.url).pathname,
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(lines.map(({ level, msg }) => `${level} ${msg}`)).toEqual([
      "info request",
      "fatal The database stopped",
    ]);
  });
});
