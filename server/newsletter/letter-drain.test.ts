/**
 * The letters' bench (`npm run bench -- --only=letters`) at a small size, as part of the suite:
 * real servers send a letter to 500 confirmed subscribers at a real SMTP peer, once with a SIGKILL
 * halfway (both databases) and once with two servers on one PostgreSQL; and a short letter at a
 * low rate, whose e-mails never arrive ahead of their slots.
 */
import { describe, expect, it } from "vitest";
import { findFreePort } from "#testing/server-process";
import { testDatabases } from "#testing/test-databases";
import { createBenchDatabase } from "../../bench/databases";
import { type LetterDrainOptions, runLetterDrain } from "../../bench/letters";

async function drain(
  name: "PGlite" | "PostgreSQL",
  options: Omit<LetterDrainOptions, "database" | "port">,
) {
  const database = await createBenchDatabase(name, `letter-drain-${name}-${Date.now()}`);
  try {
    return await runLetterDrain({
      database,
      // The second server listens on the next port.
      port: await findFreePort({ consecutive: 2 }),
      timeoutMs: 240_000,
      ...options,
    });
  } finally {
    await database.dispose();
  }
}

describe.each(testDatabases)(
  "a letter to 500 subscribers on $name",
  { timeout: 300_000 },
  ({ name }) => {
    it("reaches every address exactly once through a SIGKILL of the server and its restart", async () => {
      const figures = await drain(name, {
        subscribers: 500,
        lettersPerHour: 1_000_000,
        killAt: 0.5,
      });
      expect(figures).toMatchObject({
        kills: 1,
        addresses: 500,
        addressesWithTwoRows: 0,
        missing: 0,
      });
      // A second copy only of an e-mail the killed server had handed to the peer (the outbox's edge).
      expect(figures.copies).toBeLessThanOrEqual(10);
    });

    it.runIf(name === "PostgreSQL")(
      "reaches every address exactly once with two servers sending it together",
      async () => {
        const figures = await drain(name, {
          subscribers: 500,
          lettersPerHour: 1_000_000,
          servers: 2,
        });
        expect(figures).toMatchObject({
          addresses: 500,
          addressesWithTwoRows: 0,
          missing: 0,
          copies: 0,
        });
      },
    );

    it("keeps to a low rate: no e-mail ahead of its slot, none much later", async () => {
      // One every 0.5 s.
      const figures = await drain(name, { subscribers: 30, lettersPerHour: 7200 });
      expect(figures).toMatchObject({ addresses: 30, copies: 0, missing: 0 });
      // 29 slots after the first: at least 14.5 s less the worker's tick (10 s) by which the first
      // may have waited; at most that plus the tick and the sending's own (5 s).
      expect(figures.paceSeconds).toBeGreaterThanOrEqual(14.5 - 10);
      expect(figures.paceSeconds).toBeLessThanOrEqual(14.5 + 15);
      expect(figures.arrivalsAheadOfRate).toBe(0);
    });
  },
);
