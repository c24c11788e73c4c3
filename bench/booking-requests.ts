/**
 * Booking requests per second: `POST /api/bookings` under concurrent connections against the
 * real server (a process of its own, as the other parts of the bench), on each database. Her
 * hours are every day 6–22 on a 15-minute grid for 60 days; each request asks for a start drawn
 * from the free times read once before the load, so most end as 409 `slot_taken` (with the next
 * five free starts computed again) once the calendar fills, as a rush on one published time
 * would. Every answered request did the whole work: validation, the address's rate-limit count,
 * the free-time check and, for a start still free, the insert under the exclusion constraint
 * and its three e-mails in the outbox. Afterwards the stored bookings are counted and checked
 * for overlaps (none may exist).
 *
 *   npx tsx bench/booking-requests.ts [seconds] [connections]
 */
import { sql } from "drizzle-orm";
import { saveBookingSettings } from "#server/booking/bookings";
import { type BookingSettings, defaultBookingSettings } from "#shared/booking-settings";
import { benchDatabaseNames, createBenchDatabase } from "./databases";
import { keepAliveAgent, type LoadResult, request, runLoop } from "./load";
import { startServer } from "./server-process";

const seconds = Number(process.argv[2] ?? 10);
const concurrency = Number(process.argv[3] ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3190);

const wholeDay = [{ from: "6:00", to: "22:00" }];
const settings: BookingSettings = {
  ...defaultBookingSettings,
  weekly: Array.from({ length: 7 }, () => wholeDay),
  noticeMinutes: 60,
  gridMinutes: 15,
};

/** Each request from an address of its own: the per-address limit is counted, never reached. */
const forwardedFor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function measure(name: "PGlite" | "PostgreSQL") {
  const database = await createBenchDatabase(name, "booking-requests");
  const handle = await database.open();
  await saveBookingSettings(handle.db, settings, new Date());
  await handle.close();
  const server = await startServer({
    port,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  });
  const agent = keepAliveAgent(concurrency);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const free = await request(agent, `${origin}/api/booking/free-times?offer=consultation`);
    const starts = (JSON.parse(free.body) as { days: { starts: string[] }[] }).days.flatMap(
      (day) => day.starts,
    );
    const result = await runLoop({ concurrency, durationMs: seconds * 1000 }, async (_, n) => {
      const answer = await request(agent, `${origin}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor(n) },
        body: JSON.stringify({
          offerId: "consultation",
          startsAt: starts[Math.floor(Math.random() * starts.length)],
          name: `Jana Nová ${n}`,
          email: `jana.${n}@example.cz`,
          privacyConsent: true,
        }),
      });
      return String(answer.status);
    });
    await server.stop();
    const check = await database.open();
    const { rows } = (await check.db.execute(sql`
      select (select count(*) from bookings)::int as stored,
        (select count(*) from bookings a join bookings b on a.id < b.id
          and tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until))::int as overlapping`)) as unknown as {
      rows: { stored: number; overlapping: number }[];
    };
    const counts = rows[0];
    await check.close();
    return { name, result, starts: starts.length, ...counts };
  } finally {
    await agent.close();
    await server.stop();
    await database.dispose();
  }
}

function row(name: string, result: LoadResult, stored?: number, overlapping?: number) {
  const statuses = Object.entries(result.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  return `| ${name} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} | ${statuses} | ${stored} | ${overlapping} |`;
}

const lines = [
  `## Booking requests (${concurrency} connections, ${seconds} s each)`,
  "",
  "| Database | req/s | p50 ms | p99 ms | statuses | stored | overlapping |",
  "|---|---:|---:|---:|---|---:|---:|",
];
for (const name of benchDatabaseNames()) {
  const figures = await measure(name);
  lines.push(
    row(
      `${figures.name} (${figures.starts} starts offered)`,
      figures.result,
      figures.stored,
      figures.overlapping,
    ),
  );
}
console.log(lines.join("\n"));
