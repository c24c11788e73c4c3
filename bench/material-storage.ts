/**
 * Where should uploaded materials live? Measures the candidates of
 * docs/decisions/0012-material-storage.md for one upload of 300 MB, streamed
 * in the 64 KiB pieces an HTTP body arrives in: the time, the process's
 * memory growth (peak RSS over the start), the space taken and the time to
 * read 1 MiB from the middle (a seek). Each candidate runs in a process of
 * its own, so its memory is its own.
 *
 *   npx tsx bench/material-storage.ts            every candidate (PostgreSQL ones need TEST_DATABASE_URL)
 *   npx tsx bench/material-storage.ts --mb=50    a smaller file
 *
 * Not a test: it prints a markdown table and judges nothing.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createEmptyPostgresDatabase } from "#testing/test-databases";

const candidates = [
  "files in the data folder",
  "bytea chunks, PGlite",
  "bytea chunks, PostgreSQL",
  "large object, PGlite",
  "large object, PostgreSQL",
] as const;
type Candidate = (typeof candidates)[number];

const chunkBytes = Number(process.env.MATERIAL_BENCH_CHUNK_KIB ?? 256) * 1024;
const pieceBytes = 64 * 1024;
const args = process.argv.slice(2);
const megabytes = Number(args.find((arg) => arg.startsWith("--mb="))?.slice(5) ?? 300);
const totalBytes = megabytes * 1024 * 1024;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

/** The upload: incompressible bytes in 64 KiB pieces, as a request body arrives. */
function upload(): Readable {
  const pool = randomBytes(4 * 1024 * 1024 + pieceBytes);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= totalBytes) return this.push(null);
      const start = (sent * 7) % (pool.length - pieceBytes);
      this.push(pool.subarray(start, start + pieceBytes));
      sent += pieceBytes;
    },
  });
}

/** Gathers pieces into chunks of `chunkBytes` and hands each to `write`, awaiting it. */
async function inChunks(source: Readable, write: (chunk: Buffer, index: number) => Promise<void>) {
  let parts: Buffer[] = [];
  let size = 0;
  let index = 0;
  for await (const piece of source as AsyncIterable<Buffer>) {
    parts.push(piece);
    size += piece.length;
    if (size >= chunkBytes) {
      const whole = Buffer.concat(parts);
      await write(whole.subarray(0, chunkBytes), index++);
      parts = [whole.subarray(chunkBytes)];
      size = parts[0]?.length ?? 0;
    }
  }
  if (size > 0) await write(Buffer.concat(parts), index++);
}

/** The memory at the start of the upload (after the database is open): growth counts from here. */
let baselineRss = process.memoryUsage.rss();
let peakRss = baselineRss;
function startMeasuring() {
  baselineRss = process.memoryUsage.rss();
  peakRss = baselineRss;
}

type Measured = { seconds: number; bytesOnDisk: number; seekMs: number };

async function folderSize(path: string): Promise<number> {
  const out = spawnSync("du", ["-sb", path], { encoding: "utf8" }).stdout;
  return Number(out.split("\t")[0]);
}

async function runFiles(dir: string): Promise<Measured> {
  const file = join(dir, "material.bin");
  startMeasuring();
  const started = performance.now();
  await pipeline(upload(), createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  const seekStart = performance.now();
  const middle = Math.floor(totalBytes / 2);
  const stream = createReadStream(file, { start: middle, end: middle + 1024 * 1024 - 1 });
  for await (const _ of stream) {
  }
  return {
    seconds,
    bytesOnDisk: (await stat(file)).size,
    seekMs: performance.now() - seekStart,
  };
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function runChunks(query: Query, size: () => Promise<number>): Promise<Measured> {
  await query(
    "create table chunks (material_id int, seq int, data bytea not null, primary key (material_id, seq))",
  );
  await query("alter table chunks alter column data set storage external");
  const before = await size();
  startMeasuring();
  const started = performance.now();
  await inChunks(upload(), async (chunk, seq) => {
    await query("insert into chunks values (1, $1, $2)", [seq, chunk]);
  });
  const seconds = (performance.now() - started) / 1000;
  await query("checkpoint").catch(() => {}); // PostgreSQL: superuser only
  const seekStart = performance.now();
  const first = Math.floor(totalBytes / 2 / chunkBytes);
  const { rows } = await query(
    "select data from chunks where material_id = 1 and seq between $1 and $2 order by seq",
    [first, first + 4],
  );
  if (rows.length !== 5) throw new Error("seek read too few chunks");
  return { seconds, bytesOnDisk: (await size()) - before, seekMs: performance.now() - seekStart };
}

async function runLargeObject(query: Query, size: () => Promise<number>): Promise<Measured> {
  const before = await size();
  startMeasuring();
  const started = performance.now();
  const { rows } = await query("select lo_create(0) as oid");
  const oid = Number(rows[0]?.oid);
  let offset = 0;
  await inChunks(upload(), async (chunk) => {
    await query("select lo_put($1, $2, $3)", [oid, offset, chunk]);
    offset += chunk.length;
  });
  const seconds = (performance.now() - started) / 1000;
  await query("checkpoint").catch(() => {}); // PostgreSQL: superuser only
  const seekStart = performance.now();
  const read = await query("select lo_get($1, $2, $3) as data", [
    oid,
    Math.floor(totalBytes / 2),
    1024 * 1024,
  ]);
  const data = read.rows[0]?.data as Uint8Array | undefined;
  if (data?.length !== 1024 * 1024) throw new Error("short read");
  return { seconds, bytesOnDisk: (await size()) - before, seekMs: performance.now() - seekStart };
}

async function runOne(candidate: Candidate): Promise<Measured> {
  const dir = await mkdtemp(join(tmpdir(), "material-bench-"));
  try {
    if (candidate === "files in the data folder") return await runFiles(dir);
    if (candidate.endsWith("PGlite")) {
      await mkdir(join(dir, "pglite"));
      const client = await PGlite.create(join(dir, "pglite"));
      const query: Query = (text, params) => client.query(text, params);
      const size = () => folderSize(join(dir, "pglite"));
      try {
        return candidate.startsWith("bytea")
          ? await runChunks(query, size)
          : await runLargeObject(query, size);
      } finally {
        await client.close();
      }
    }
    if (!postgresUrl) throw new Error("no PostgreSQL");
    const empty = await createEmptyPostgresDatabase(postgresUrl);
    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    const query: Query = (text, params) => client.query(text, params as unknown[]);
    const size = async () =>
      Number((await query("select pg_database_size(current_database()) as size")).rows[0]?.size);
    try {
      return candidate.startsWith("bytea")
        ? await runChunks(query, size)
        : await runLargeObject(query, size);
    } finally {
      await client.end();
      await empty.drop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const child = process.env.MATERIAL_BENCH_CANDIDATE as Candidate | undefined;
if (child) {
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  const measured = await runOne(child);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  process.stdout.write(JSON.stringify({ ...measured, growthBytes: peakRss - baselineRss }));
  process.exit(0);
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(
  `Upload of ${megabytes} MiB in 64 KiB pieces, stored in ${chunkBytes / 1024} KiB chunks\n`,
);
console.log(
  "| Candidate | Time | MiB/s | RSS growth (peak) | Space used | 1 MiB read from the middle |",
);
console.log("|---|--:|--:|--:|--:|--:|");
const only = args.find((arg) => arg.startsWith("--only="))?.slice(7);
for (const candidate of candidates) {
  if (only && !candidate.includes(only)) continue;
  if (candidate.endsWith("PostgreSQL") && !postgresUrl) continue;
  const run = spawnSync(process.execPath, ["--import", "tsx", import.meta.filename, ...args], {
    env: { ...process.env, MATERIAL_BENCH_CANDIDATE: candidate },
    encoding: "utf8",
    maxBuffer: 1024 * 1024,
  });
  if (run.status !== 0) {
    console.log(`| ${candidate} | failed: ${run.stderr.trim().split("\n").slice(-3).join(" ")} |`);
    continue;
  }
  const result = JSON.parse(run.stdout) as Measured & { growthBytes: number };
  console.log(
    `| ${candidate} | ${result.seconds.toFixed(1)} s | ${(megabytes / result.seconds).toFixed(0)} | ${mib(result.growthBytes)} MiB | ${mib(result.bytesOnDisk)} MiB | ${result.seekMs.toFixed(0)} ms |`,
  );
}
