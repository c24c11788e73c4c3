/**
 * The benchmark suite: prints a markdown report. Not a test; it judges
 * nothing by itself, and every comparison is measured in the same run.
 *
 *   npm run bench                          all three parts
 *   npm run bench -- --only=forms,startup  some of them (forms, admin, startup, mail, pages, publish, letters, counting)
 *   npm run bench -- --quick               short runs and small lists, for development
 *   npm run bench -- --rebuild             build the site into build-bench/ again first (else only when missing)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { benchAdminList } from "./admin-list";
import { benchCounting } from "./counting";
import { postgresAdminUrl } from "./databases";
import { benchForms } from "./forms";
import { benchLetters } from "./letters";
import { benchMailDrain } from "./mail-drain";
import { benchPages } from "./pages";
import { benchPublishToLive } from "./publish";
import { buildDir } from "./server-process";
import { benchStartup } from "./startup";

const parts = [
  "forms",
  "admin",
  "startup",
  "mail",
  "pages",
  "publish",
  "letters",
  "counting",
] as const;
type Part = (typeof parts)[number];

const args = process.argv.slice(2);
const quick = args.includes("--quick");
/** The first of the four ports the parts use (BENCH_PORT, so runs in several work trees do not collide). */
const basePort = Number(process.env.BENCH_PORT ?? 3301);
const onlyArgument = args.find((arg) => arg.startsWith("--only="));
const chosen = onlyArgument
  ? (onlyArgument.slice("--only=".length).split(",") as Part[])
  : [...parts];
const unknown = chosen.filter((part) => !parts.includes(part));
if (
  unknown.length > 0 ||
  args.some((arg) => !["--quick", "--rebuild", onlyArgument].includes(arg))
) {
  console.error(`Usage: npm run bench -- [--quick] [--rebuild] [--only=${parts.join(",")}]`);
  process.exit(64);
}

// The form and mail parts use only the APIs; the administration list and start-up need the site.
const needsSite = chosen.some((part) =>
  ["admin", "startup", "pages", "publish", "counting"].includes(part),
);
if (args.includes("--rebuild") || (needsSite && !existsSync(`${buildDir}/server/index.js`))) {
  console.error(`Building the site into ${buildDir}/ …`);
  const built = spawnSync("npx", ["react-router", "build"], {
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
console.log(
  [
    "# Benchmarks",
    "",
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? "CPU"} · ${(totalmem() / 2 ** 30).toFixed(1)} GB · Node ${process.version} · load average at start ${load()}${quick ? " · **quick mode**" : ""}`,
    `PostgreSQL: ${postgresAdminUrl ? new URL(postgresAdminUrl).host : "not given"}`,
  ].join("\n"),
);
// Each part is printed as it ends, so a failure later keeps what was measured.
const print = (section: string) => {
  console.log(`\n${section}`);
  console.error(`… ${section.split("\n")[0]} done (load ${load()})`);
};

if (chosen.includes("forms")) {
  print(
    await benchForms({
      durationMs: quick ? 3000 : 10_000,
      concurrency: 50,
      rounds: quick ? 1 : 3,
      port: basePort,
    }),
  );
}
if (chosen.includes("admin")) {
  print(
    await benchAdminList({
      sizes: quick ? [100, 1000] : [100, 10_000, 100_000],
      port: basePort + 1,
      browserTimeoutMs: quick ? 60_000 : 300_000,
    }),
  );
}
if (chosen.includes("startup")) {
  print(await benchStartup({ port: basePort + 2 }));
}
if (chosen.includes("mail")) {
  print(
    await benchMailDrain({
      submissions: quick ? 500 : 2000,
      port: basePort + 3,
      timeoutMs: 300_000,
    }),
  );
}
if (chosen.includes("pages")) {
  print(await benchPages({ durationMs: quick ? 3000 : 10_000, concurrency: 50 }));
}
if (chosen.includes("publish")) {
  print(await benchPublishToLive());
}
if (chosen.includes("letters")) {
  print(
    await benchLetters({
      subscribers: quick ? 500 : 10_000,
      // Her highest setting, so the servers' own pace shows; and one a mail provider might set.
      highRate: 1_000_000,
      lowRate: 3600,
      lowRateSubscribers: quick ? 30 : 150,
      port: basePort + 6,
    }),
  );
}
if (chosen.includes("counting")) {
  print(
    await benchCounting({
      durationMs: quick ? 3000 : 10_000,
      concurrency: 50,
      rounds: quick ? 4 : 6,
    }),
  );
}
console.log(`\nLoad average at the end: ${load()}`);
