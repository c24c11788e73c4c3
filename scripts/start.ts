/**
 * `npm start`: the site built when something it reads changed (build-if-changed.ts), then the
 * server, in this same process. npm passes a SIGTERM or a SIGINT on to its script's shell, which
 * `exec` replaced by this process (package.json): the server gets it and shuts down as after
 * Ctrl+C. A shell left in between (`tsx build-if-changed.ts && npm run serve`) died of the
 * signal and left the server running, holding the data folder's lock.
 */
import { spawn } from "node:child_process";
import { relative, resolve } from "node:path";
import { buildIfChanged } from "./build-if-changed";

const root = process.cwd();
// The build tool's setting, read as react-router.config.ts reads it.
const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");

/** `npm run build`, stopped with the start: a signal that arrives meanwhile goes to it too. */
function runBuild(): Promise<boolean> {
  const build = spawn("npm", ["run", "build"], { stdio: "inherit" });
  const forward = (signal: NodeJS.Signals) => build.kill(signal);
  process.on("SIGTERM", forward);
  process.on("SIGINT", forward);
  return new Promise((done) => {
    build.on("exit", (code) => {
      process.off("SIGTERM", forward);
      process.off("SIGINT", forward);
      done(code === 0);
    });
  });
}

const outcome = await buildIfChanged(root, buildDir, runBuild);
if (outcome === "current") {
  console.log(`The build in ${relative(root, buildDir)}/ is current: not building again.`);
}
if (outcome === "failed") process.exit(1);
// Nothing but Node's own modules loaded so far: the server's first import still chooses the
// libraries' production builds (server/production-mode.ts).
await import("../server/main");
