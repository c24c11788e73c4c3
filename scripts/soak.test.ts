/**
 * The short soak (`npm run soak`) on PostgreSQL, as part of the suite: two
 * real servers on one database, each SIGKILLed twice under load. In CI
 * `testDatabases` throws without TEST_DATABASE_URL, so the soak fails there
 * rather than disappearing.
 */
import { describe, expect, it } from "vitest";
import { findFreePort } from "#testing/server-process";
import { postgresUrl, testDatabases } from "#testing/test-databases";
import { formatSoakReport, runSoak, tallyDeliveries } from "./soak";

const withPostgres = testDatabases.some((database) => database.name === "PostgreSQL");

describe("the soak's delivery check", () => {
  const rows = [1, 2, 3].map((id) => ({ id, status: "sent", messageId: `<outbox-${id}@x>` }));
  const at = (id: number, time: number) => ({ messageId: `<outbox-${id}@x>`, at: time });

  it("passes each e-mail delivered once", () => {
    const tally = tallyDeliveries(rows, [at(1, 100), at(2, 200), at(3, 300)], []);
    expect(tally).toMatchObject({ deliveredOnce: 3, duplicated: 0, violations: [] });
  });

  it("finds a lost e-mail, a second copy with no kill before it, and a message from nowhere", () => {
    const tally = tallyDeliveries(rows, [at(1, 100), at(1, 9000), at(2, 200), at(7, 300)], [8000]);
    expect(tally).toMatchObject({ neverDelivered: 1, duplicated: 1, duplicatedAtKill: 0 });
    expect(tally.violations).toHaveLength(3);
    expect(tally.violations).toContain(
      "e-mail 1 arrived 2 times, and not just before a kill (copies at +0.0 s, +8.9 s; the next kill 7.9 s after the first)",
    );
  });

  it("excuses a second copy whose first arrived just before a kill", () => {
    const tally = tallyDeliveries(
      rows,
      [at(1, 100), at(2, 4900), at(2, 11_000), at(3, 300)],
      [5000],
    );
    expect(tally).toMatchObject({ duplicated: 1, duplicatedAtKill: 1, violations: [] });
  });
});

describe.runIf(withPostgres)("the short soak on PostgreSQL", () => {
  it("keeps every acknowledged submission, delivers each e-mail once and keeps every session through four SIGKILLs", async () => {
    const ports = [await findFreePort(), await findFreePort(), await findFreePort()] as [
      number,
      number,
      number,
    ];
    const report = await runSoak({
      adminUrl: postgresUrl as string,
      durationMs: 20_000,
      concurrency: 3,
      killsPerServer: 2,
      ports,
      takeoverSeconds: 5,
      retrySeconds: 1,
      refusalShare: 0.1,
      drainStallMs: 60_000,
    });
    expect(report.violations, formatSoakReport(report)).toEqual([]);
    expect(report.kills).toHaveLength(4);
    expect(report.submissions.acknowledged).toBeGreaterThan(20);
    expect(report.submissions.lost).toBe(0);
    expect(report.mail.pending).toBe(0);
    expect(report.mail.deliveredOnce + report.mail.duplicatedAtKill).toBe(report.mail.inOutbox);
    expect(report.mail.temporaryRefusals).toBeGreaterThan(0);
    expect(report.sessions.refreshes).toBeGreaterThan(10);
  }, 600_000);
});
