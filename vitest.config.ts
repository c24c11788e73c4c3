import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const include = ["{web,server,shared,database,scripts,perf,testing}/**/*.test.{ts,tsx}"];
/**
 * Files that measure how long the server takes to answer: they run last, on
 * their own, so no other test file competes with them for the processor.
 */
const timingFiles = ["server/auth/recover-timing.test.ts"];

/**
 * Files that take 20–50 s each (servers started and killed, CLIs spawned), started
 * before all others. Without durations from an earlier run (CI's fresh clone), Vitest
 * starts the largest files first; the soak's small file then started last and ran
 * alone for 35 s while the other worker had nothing left.
 */
const longFiles = [
  "scripts/soak.test.ts",
  "scripts/backup-restore.test.ts",
  "server/admin/admin-api.test.ts",
  "scripts/admin.test.ts",
  "server/crash-recovery.test.ts",
  "database/backup.test.ts",
  "database/folder-lock.test.ts",
  "scripts/dev.test.ts",
  // Real servers send a letter to 500 subscribers, one killed halfway (server/newsletter/).
  "server/newsletter/letter-drain.test.ts",
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = longFiles.findIndex((long) => file.moduleId.endsWith(long));
      return index === -1 ? longFiles.length : index;
    };
    // Stable: the rest keep Vitest's order, and the timing group stays last.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b),
    );
  }
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // Closing a test's database first waits for the work its requests left behind (testing/test-app.ts):
    // after two hundred sign-ups, their events' pages rendered again, more than Vitest's 10 s on a busy machine.
    hookTimeout: 120_000,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "parallel",
          include,
          exclude: [...configDefaults.exclude, ...timingFiles],
          // Vitest's default is one worker fewer than the cores: on CI's 2 cores one
          // file at a time, which kept one core idle (the suite's 334 s of
          // processor time took 359 s). One file per core.
          maxWorkers: availableParallelism(),
          // The files of a worker share its loaded modules instead of each loading every module
          // again (React e-mails, drizzle, the schema): importing took 82 s of the 418 s run and
          // the whole suite then 227 s. No test relies on a module's state from another file;
          // each builds what it needs (testing/test-app.ts) and closes it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "timing",
          include: timingFiles,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
