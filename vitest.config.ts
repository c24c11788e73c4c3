import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const include = ["{web,server,shared,database,scripts,perf,testing}/**/*.test.{ts,tsx}"];
/**
 * Files that measure how long the server takes to answer: they run last, on
 * their own, so no other test file competes with them for the processor.
 */
const timingFiles = ["server/auth/recover-timing.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
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
