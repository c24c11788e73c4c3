import { describe, expect, it } from "vitest";
import { completeLockfile, platformOf } from "./complete-lockfile";

describe("completing the lock file with other platforms' packages", () => {
  it.each([
    ["@biomejs/cli-darwin-arm64", { os: ["darwin"], cpu: ["arm64"] }],
    ["@biomejs/cli-linux-x64-musl", { os: ["linux"], cpu: ["x64"], libc: ["musl"] }],
    ["@rollup/rollup-linux-arm-gnueabihf", { os: ["linux"], cpu: ["arm"], libc: ["glibc"] }],
    ["@rollup/rollup-win32-ia32-msvc", { os: ["win32"], cpu: ["ia32"] }],
    ["@tailwindcss/oxide-wasm32-wasi", { cpu: ["wasm32"] }],
  ])("reads the platform of %s from its name", (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });

  it("adds only the optional packages the lock lacks, with their parent's dev flag", () => {
    const lock = {
      packages: {
        "": {},
        "node_modules/tool": {
          version: "1.0.0",
          dev: true,
          optionalDependencies: { "tool-linux-x64": "1.0.0", "tool-darwin-arm64": "1.0.0" },
        },
        "node_modules/tool-linux-x64": { version: "1.0.0", dev: true, optional: true },
      },
    };

    expect(completeLockfile(lock)).toEqual(["tool-darwin-arm64@1.0.0"]);
    expect(lock.packages).toMatchObject({
      "node_modules/tool-darwin-arm64": {
        version: "1.0.0",
        cpu: ["arm64"],
        dev: true,
        optional: true,
        os: ["darwin"],
      },
    });
    expect(Object.keys(lock.packages)[0]).toBe("");
  });
});
