/**
 * What every measuring tool in perf/ shares: the real server on a fresh data
 * folder, and one Lighthouse run (its default mobile settings) in a fresh
 * Debian Chromium, its headless build when it is installed (testing/chromium.ts).
 * `npm run perf` (run-lighthouse.ts) checks the budgets with them; `npm run
 * perf:trace` (trace-long-tasks.ts) explains the blocking time.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { chromiumFlags, headlessChromiumPath } from "#testing/chromium";
import { buildServerEnv, type ServerProcess, startServerProcess } from "#testing/server-process";

// Lighthouse launches the browser itself: headless added to the shared flags.
const chromeFlags = ["--headless=new", ...chromiumFlags];

async function isServing(url: string) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** The server of a measurement: the build in `buildDir`, loopback only, nothing mailed. */
export async function startMeasuredServer({
  port,
  dataDir,
  buildDir,
  settings = {},
}: {
  port: number;
  dataDir: string;
  buildDir: string;
  settings?: Record<string, string>;
}): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${port}`;
  if (await isServing(`${origin}/healthz`)) {
    throw new Error(`Something already answers on port ${port}: set PERF_PORT to a free port.`);
  }
  return startServerProcess({
    seedDatabase: true,
    timeoutMs: 120_000,
    // Nothing is sent: no form is submitted, and mail would only go to the data folder.
    env: buildServerEnv({
      port,
      host: "127.0.0.1",
      siteUrl: origin,
      dataDir,
      buildDir,
      settings,
    }),
  });
}

/** One Lighthouse run in a fresh browser: nothing cached, nothing warmed up. */
export async function runLighthouse(url: string, flags: Flags = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: headlessChromiumPath,
    chromeFlags,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: "error", ...flags });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result;
  } finally {
    chrome.kill();
  }
}
