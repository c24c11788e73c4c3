import { mkdirSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIfChanged, hashBuildInputs } from "./build-if-changed";

let root: string;
let buildDir: string;
let builds: number;

/** `npm start` with a stand-in for `npm run build` that writes what a build leaves (or fails). */
function start(buildSucceeds = true) {
  return buildIfChanged(root, buildDir, () => {
    builds += 1;
    mkdirSync(join(buildDir, "server"), { recursive: true });
    writeFileSync(join(buildDir, "server", "index.js"), "export {};");
    return buildSucceeds;
  });
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "build-if-changed-"));
  buildDir = join(root, "build");
  builds = 0;
  await mkdir(join(root, "web", "routes"), { recursive: true });
  await mkdir(join(root, "server"), { recursive: true });
  await writeFile(join(root, "web", "routes", "home.tsx"), "export default 1;");
  await writeFile(join(root, "server", "main.ts"), "listen();");
  await writeFile(join(root, "package.json"), "{}");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("npm start's build", () => {
  it("builds the first time, then skips the build while nothing the build reads changed", async () => {
    expect(await start()).toBe("built");
    expect(await start()).toBe("current");
    expect(builds).toBe(1);
  });

  it("builds again after a change to the web app, a new file or a dependency change", async () => {
    await start();
    await writeFile(join(root, "web", "routes", "home.tsx"), "export default 2;");
    expect(await start()).toBe("built");
    await writeFile(join(root, "web", "routes", "new-page.tsx"), "export default 3;");
    expect(await start()).toBe("built");
    await writeFile(join(root, "package.json"), '{"dependencies":{"react":"19"}}');
    expect(await start()).toBe("built");
    expect(builds).toBe(4);
  });

  it("builds again after an article is edited or added, or the compression the build runs changes", async () => {
    await mkdir(join(root, "content", "blog"), { recursive: true });
    await writeFile(join(root, "content", "blog", "ritual.md"), "# Rituál");
    await writeFile(join(root, "server", "precompress.ts"), "export const level = 11;");
    await start();
    await writeFile(join(root, "content", "blog", "ritual.md"), "# Ranní rituál");
    expect(await start()).toBe("built");
    await writeFile(join(root, "content", "blog", "novy-clanek.md"), "# Nový článek");
    expect(await start()).toBe("built");
    await writeFile(join(root, "server", "precompress.ts"), "export const level = 9;");
    expect(await start()).toBe("built");
    expect(builds).toBe(4);
  });

  it("does not build for a change the build never reads (the server) nor for a new modification time", async () => {
    await start();
    await writeFile(join(root, "server", "main.ts"), "listen(3000);");
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, "web", "routes", "home.tsx"), later, later);
    expect(await start()).toBe("current");
    expect(builds).toBe(1);
  });

  it("builds again when the build folder is gone or the last build failed", async () => {
    await start();
    await rm(join(buildDir, "server"), { recursive: true });
    expect(await start()).toBe("built");
    await writeFile(join(root, "web", "routes", "home.tsx"), "syntax error(");
    expect(await start(false)).toBe("failed");
    await writeFile(join(root, "web", "routes", "home.tsx"), "export default 1;");
    // The inputs are those of the first build again, but the failed build replaced it.
    expect(await start()).toBe("built");
  });

  it("hashes names as well as contents: a renamed file changes the hash", async () => {
    const before = await hashBuildInputs(root);
    await rm(join(root, "web", "routes", "home.tsx"));
    await writeFile(join(root, "web", "routes", "index.tsx"), "export default 1;");
    expect(await hashBuildInputs(root)).not.toBe(before);
  });
});
