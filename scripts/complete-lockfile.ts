/**
 * Adds to package-lock.json the platform packages (other systems' builds of
 * biome, rollup, tailwind's oxide…) that npm leaves out when the registry it
 * uses does not have them; without them `npm ci` refuses the lock file.
 * Run after every `npm install`: `npx tsx scripts/complete-lockfile.ts`.
 * See docs/decisions/0006-lockfile-platform-packages.md.
 */
import { readFileSync, writeFileSync } from "node:fs";

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

const osNames = [
  "aix",
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
];
const cpuNames = [
  "arm",
  "arm64",
  "ia32",
  "loong64",
  "mips64el",
  "ppc64",
  "riscv64",
  "s390x",
  "wasm32",
  "x64",
];

/** The platform a package is built for, read from its name (e.g. `cli-linux-x64-musl`). */
export function platformOf(name: string): Pick<LockEntry, "os" | "cpu" | "libc"> {
  const parts = (name.split("/").at(-1) ?? name).split("-");
  const os = parts.find((part) => osNames.includes(part));
  const cpu = parts.find((part) => cpuNames.includes(part));
  if (!cpu) throw new Error(`Cannot tell the platform of ${name}`);
  const libc = parts.some((part) => part.startsWith("musl"))
    ? "musl"
    : parts.some((part) => part.startsWith("gnu"))
      ? "glibc"
      : undefined;
  return { ...(os && { os: [os] }), cpu: [cpu], ...(libc && { libc: [libc] }) };
}

export function completeLockfile(lock: { packages: Record<string, LockEntry> }): string[] {
  const { packages } = lock;
  const added: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (packages[nested] || packages[hoisted]) continue;
      // Keys in the order npm writes them: version first, then alphabetical.
      const { os, cpu, libc } = platformOf(name);
      packages[hoisted] = {
        version,
        cpu,
        ...(entry.dev && { dev: true }),
        ...(libc && { libc }),
        optional: true,
        ...(os && { os }),
      };
      added.push(`${name}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"),
    ),
  );
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? "package-lock.json";
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const added = completeLockfile(lock);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`${added.length} platform packages added to ${file}`);
}
