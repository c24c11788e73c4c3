/**
 * Part 2: the administration list with 100 to 100,000 submissions, on each
 * database (PGlite, and PostgreSQL when a URL is given): the time and size of
 * GET /api/form-submissions, and in Chromium the time from opening /admin to
 * the table being visible, the frame times of a scripted scroll, search and
 * filter response, and the CSV export.
 */

import { stat } from "node:fs/promises";
import type { Browser } from "@playwright/test";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "#database/open-database";
import { formSubmissions } from "#database/schema";
import { createAccounts } from "#server/auth/accounts";
import { grantAdmin } from "#server/auth/roles";
import { authStorageKey } from "#shared/auth-storage-key";
import { launchChromium } from "#testing/chromium";
import { type BenchDatabase, benchDatabaseNames, createBenchDatabase } from "./databases";
import { keepAliveAgent, percentile, request } from "./load";
import { startServer } from "./server-process";

export type AdminOptions = { sizes: number[]; port: number; browserTimeoutMs: number };

const admin = {
  email: "spravkyne@example.cz",
  password: "bylinky-a-vune",
  fullName: "Kateřina Lesná",
};

type SizeFigures = {
  rows: number;
  apiMedianMs: number;
  identityBytes: number;
  gzipBytes: number;
  serverRssMb: number;
  visibleMs: number | null;
  /** When the page had the whole list, from the start of its navigation. */
  listReceivedMs: number | null;
  renderedRows: number | null;
  frames: FrameFigures | null;
  browserHeapMb: number | null;
  /** Keystroke (or a changed filter) to the updated list, ms: p50 and p95. */
  search: { p50: number; p95: number } | null;
  filter: { p50: number; p95: number } | null;
  csv: { ms: number; bytes: number } | null;
  note: string;
};

/**
 * The administrator signs in with her password alone: two-factor sign-in is
 * not what this part measures, so its server runs with ADMIN_REQUIRE_2FA=false.
 */
const adminSettings = { ADMIN_REQUIRE_2FA: "false" };

export async function benchAdminList(options: AdminOptions): Promise<string> {
  const sections: string[] = [];
  for (const name of benchDatabaseNames()) {
    sections.push(await benchOnDatabase(name, options));
  }
  return [
    "## 2. Administration list",
    "",
    "API: median of 5 requests after one warm-up, measured by the client over loopback; bytes of the JSON as sent without and with `Accept-Encoding: gzip`. Browser: headless Chromium, from `page.goto('/admin')` (session already in localStorage) to the first table row visible (“list received at”: when the page had the whole JSON, from the start of its navigation, by Resource Timing; the rest is parsing, React rendering and layout); then a scripted scroll to the bottom in 120 `requestAnimationFrame` steps, frame deltas in ms; then search (6 queries typed into „Hledat“, each followed by clearing it) and the form-type filter (3 types, each followed by „all“), from the input event to the shown count changed and the next frame; then „Stáhnout CSV“ of the whole list, from the click to the finished download.",
    "",
    `Each database in turn, the same rows, the same browser. The server runs with \`ADMIN_REQUIRE_2FA=false\`: the administrator signs in with her password alone, as two-factor sign-in is not measured here (it adds one request at sign-in, none to the list).`,
    "",
    sections.join("\n\n"),
  ].join("\n");
}

async function benchOnDatabase(
  name: BenchDatabase["name"],
  options: AdminOptions,
): Promise<string> {
  const database = await createBenchDatabase(name, `admin-${name.toLowerCase()}`);
  const figures: SizeFigures[] = [];
  const browser = await launchChromium();
  try {
    let handle = await database.open();
    await createAdmin(handle);
    let seeded = 0;
    for (const size of options.sizes) {
      await seedSubmissions(handle, seeded, size);
      seeded = size;
      // PGlite: one process at a time holds the data folder.
      await handle.close();
      const server = await startServer({
        port: options.port,
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        settings: adminSettings,
      });
      try {
        figures.push(await measureSize(size, server, browser, options));
      } finally {
        await server.stop();
      }
      handle = await database.open();
    }
    await handle.close();
  } finally {
    await browser.close();
    await database.dispose();
  }

  const lines = [
    `### On ${name}`,
    "",
    "| Rows | API ms | JSON bytes | gzip bytes | server RSS MB | /admin → table visible ms | list received at ms | rows in DOM | frame p50 / p95 / max ms | frames > 50 ms | JS heap MB | search p50 / p95 ms | filter p50 / p95 ms | CSV ms / bytes | note |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|---|---|",
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.rows.toLocaleString("en")} | ${f.apiMedianMs.toFixed(0)} | ${f.identityBytes.toLocaleString("en")} | ${f.gzipBytes.toLocaleString("en")} | ${f.serverRssMb.toFixed(0)} | ${f.visibleMs?.toFixed(0) ?? "—"} | ${f.listReceivedMs?.toFixed(0) ?? "—"} | ${f.renderedRows ?? "—"} | ${f.frames ? `${f.frames.p50.toFixed(1)} / ${f.frames.p95.toFixed(1)} / ${f.frames.max.toFixed(0)}` : "—"} | ${f.frames ? `${f.frames.over50} of ${f.frames.count}` : "—"} | ${f.browserHeapMb?.toFixed(0) ?? "—"} | ${f.search ? `${f.search.p50.toFixed(0)} / ${f.search.p95.toFixed(0)}` : "—"} | ${f.filter ? `${f.filter.p50.toFixed(0)} / ${f.filter.p95.toFixed(0)}` : "—"} | ${f.csv ? `${f.csv.ms.toFixed(0)} / ${f.csv.bytes.toLocaleString("en")}` : "—"} | ${f.note} |`,
    );
  }
  const first = figures[0];
  const last = figures.at(-1);
  if (first && last && first !== last) {
    const growth = (a: number | null, b: number | null) =>
      a && b ? `×${(b / a).toFixed(0)}` : "—";
    lines.push(
      "",
      `From ${first.rows.toLocaleString("en")} to ${last.rows.toLocaleString("en")} rows (×${last.rows / first.rows}): API time ${growth(first.apiMedianMs, last.apiMedianMs)}, JSON bytes ${growth(first.identityBytes, last.identityBytes)}, time to a visible table ${growth(first.visibleMs, last.visibleMs)}.`,
    );
  }
  return lines.join("\n");
}

async function createAdmin(handle: DatabaseHandle) {
  const accounts = createAccounts({
    db: handle.db,
    secret: "seeding-only-no-token-is-ever-used-from-here",
    issuer: "http://127.0.0.1",
  });
  const signedUp = await accounts.signUp(admin);
  if (signedUp.kind === "exists") throw new Error(`${admin.email} exists already`);
  await accounts.confirmEmail(signedUp.confirmationToken);
  const outcome = await grantAdmin(handle.db, admin.email);
  if (outcome !== "granted") throw new Error(`grantAdmin: ${outcome}`);
}

/** Tops the table up from `from` to `to` rows in one statement, one minute apart, all three form types. */
async function seedSubmissions(handle: DatabaseHandle, from: number, to: number) {
  if (to <= from) return;
  await handle.db.execute(sql`
    insert into ${formSubmissions} (created_at, form_type, name, email, phone, service_type, message, privacy_consent)
    select now() - n * interval '1 minute',
      (array['contact', 'gift_ritual', 'gift_fragrance'])[1 + n % 3],
      'Jana Nová ' || n,
      'jana.' || n || '@example.cz',
      case when n % 3 = 0 then '+420 777 123 456' end,
      case when n % 3 = 0 then 'consultation' end,
      case when n % 3 = 0 then 'Dobrý den, ráda bych se objednala na harmonizační setkání v lese. Zpráva č. ' || n end,
      true
    from generate_series(${from + 1}::int, ${to}::int) as n`);
}

async function measureSize(
  rows: number,
  server: Awaited<ReturnType<typeof startServer>>,
  browser: Browser,
  { browserTimeoutMs }: AdminOptions,
): Promise<SizeFigures> {
  const agent = keepAliveAgent(1);
  const signIn = await request(agent, `${server.baseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.body}`);
  const session = JSON.parse(signIn.body) as { access_token: string };
  const list = (encoding: string) =>
    request(agent, `${server.baseUrl}/api/form-submissions`, {
      headers: { Authorization: `Bearer ${session.access_token}`, "Accept-Encoding": encoding },
    });
  const warmUp = await list("identity");
  if (warmUp.status !== 200) throw new Error(`list: ${warmUp.status}`);
  const listed = (JSON.parse(warmUp.body) as { submissions: unknown[] }).submissions.length;
  if (listed !== rows) throw new Error(`list: ${listed} submissions, expected ${rows}`);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const begun = performance.now();
    await list("identity");
    times.push(performance.now() - begun);
  }
  const gzip = await list("gzip");
  const serverRssMb = (await server.readRssBytes()) / 2 ** 20;
  agent.destroy();

  const figures: SizeFigures = {
    rows,
    apiMedianMs: percentile(
      times.sort((a, b) => a - b),
      0.5,
    ),
    identityBytes: warmUp.bytes,
    gzipBytes: gzip.bytes,
    serverRssMb,
    visibleMs: null,
    listReceivedMs: null,
    renderedRows: null,
    frames: null,
    browserHeapMb: null,
    search: null,
    filter: null,
    csv: null,
    note: "",
  };

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(browserTimeoutMs);
  try {
    await page.goto(`${server.baseUrl}/robots.txt`);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [authStorageKey("127.0.0.1"), signIn.body],
    );
    const begun = performance.now();
    await page.goto(`${server.baseUrl}/admin`);
    await page.locator("tbody tr").first().waitFor({ state: "visible" });
    figures.visibleMs = performance.now() - begun;
    figures.listReceivedMs = await page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .find((entry) => entry.name.endsWith("/api/form-submissions"))
          ?.toJSON().responseEnd ?? null,
    );
    figures.renderedRows = await page.locator("tbody tr").count();
    figures.frames = (await page.evaluate(scrollAndTimeFrames)) as FrameFigures;
    await page.evaluate(() => window.scrollTo(0, 0));
    const searchTimes = (await page.evaluate(
      `(${timeListUpdates})("#inbox-search", ${JSON.stringify(searchQueries)})`,
    )) as number[];
    figures.search = summarize(searchTimes);
    const filterTimes = (await page.evaluate(
      `(${timeListUpdates})("#inbox-form-type", ${JSON.stringify(filterValues)})`,
    )) as number[];
    figures.filter = summarize(filterTimes);
    const exportBegun = performance.now();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Stáhnout CSV" }).click(),
    ]);
    const file = await download.path();
    figures.csv = { ms: performance.now() - exportBegun, bytes: (await stat(file)).size };
    figures.browserHeapMb = await page.evaluate(
      () =>
        ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory
          ?.usedJSHeapSize ?? Number.NaN) /
        2 ** 20,
    );
  } catch (error) {
    figures.note = `browser gave up: ${(error as Error).message.split("\n")[0]}`;
  } finally {
    await context.close();
  }
  return figures;
}

/** Searches as she might type them; each is followed by clearing the box, also timed. */
const searchQueries = ["jana 7", "777", "harmonizační", "nová 4242", "@example", "nikdo"];
const filterValues = ["gift_ritual", "contact", "gift_fragrance"];

function summarize(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/**
 * Runs in the page: for each value, sets the control (as typing or choosing
 * would, through React's input or change event) and times until the shown
 * count changes and the next frame is painted; then clears it, also timed.
 */
const timeListUpdates = `async (selector, values) => {
  const control = document.querySelector(selector);
  const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, "value").set;
  const shown = () => document.querySelector("[data-shown-count]")?.textContent ?? "";
  const times = [];
  for (const value of values.flatMap((value) => [value, ""])) {
    const before = shown();
    const begun = performance.now();
    setValue.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    await new Promise((resolve) => {
      const check = () => (shown() !== before ? resolve() : requestAnimationFrame(check));
      requestAnimationFrame(check);
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    times.push(performance.now() - begun);
  }
  return times;
}`;

type FrameFigures = { count: number; p50: number; p95: number; max: number; over50: number };

/**
 * Runs in the page: scrolls to the bottom in 120 animation frames and returns
 * the frame deltas. A string, so the TypeScript loader adds no helpers to it.
 */
const scrollAndTimeFrames = `new Promise((resolve) => {
  const steps = 120;
  const distance = document.documentElement.scrollHeight - innerHeight;
  const deltas = [];
  let step = 0;
  let last = 0;
  const frame = (now) => {
    deltas.push(now - last);
    last = now;
    step += 1;
    window.scrollTo(0, (distance * step) / steps);
    if (step < steps) return requestAnimationFrame(frame);
    const sorted = deltas.sort((a, b) => a - b);
    const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
    resolve({ count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0,
      over50: sorted.filter((delta) => delta > 50).length });
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(frame); });
})`;
