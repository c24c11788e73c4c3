import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

/** Which build of React a fresh Node process loads after `imports`, with `env`. */
function reactBuild(imports: string[], env: Record<string, string | undefined>): string {
  const script = `
    ${imports.map((path) => `await import(${JSON.stringify(path)});`).join("\n")}
    const { createRequire } = await import("node:module");
    createRequire(import.meta.url)("react");
    const { default: Module } = await import("node:module");
    const file = Object.keys(Module._cache).find((path) => /react[/]cjs[/]react[.]/.test(path));
    console.log(file?.match(/react[.](\\w+)[.]js$/)?.[1] ?? "none");
  `;
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  return execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "--eval", script],
    { env: { ...inherited, ...env }, encoding: "utf8" },
  ).trim();
}

describe("the server runs its libraries' production builds", () => {
  it("loads React's production build when NODE_ENV is not set, and keeps a NODE_ENV that is", () => {
    expect(reactBuild([], {})).toBe("development");
    expect(reactBuild(["./server/production-mode.ts"], {})).toBe("production");
    expect(reactBuild(["./server/production-mode.ts"], { NODE_ENV: "development" })).toBe(
      "development",
    );
  });

  it("sets it in the server's first import, before any library loads", async () => {
    const main = await readFile(new URL("./main.ts", import.meta.url), "utf8");
    const firstImport = main.match(/^import\s[^;]*;/m)?.[0];
    expect(firstImport).toBe('import "./production-mode";');
  });
});
