/**
 * Her events' pages at their moments, on each database: the schedule renders /akce and an
 * event's page again when its sign-up deadline, its start or its end passes (by the injected
 * clock), once for each moment, and a draft's never.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventPath } from "#shared/events";
import { insertTestEvent } from "#testing/sample-events";
import {
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { startEventPageSchedule } from "./event-page-schedule";

const hour = 3_600_000;

describe.each(testDatabases)("her events' pages at their moments on $name", ({ open }) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  it(
    "renders the pages when the deadline, the start and the end pass, each once",
    async () => {
      let now = new Date("2027-02-01T09:00:00Z");
      const startsAt = new Date(now.getTime() + 3 * hour);
      const event = await insertTestEvent(database.db, now, {
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * hour),
        signupDeadline: new Date(startsAt.getTime() - 2 * hour),
      });
      await insertTestEvent(database.db, now, {
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * hour),
        signupDeadline: new Date(startsAt.getTime() - 2 * hour),
        state: "draft",
      });
      const rendered: string[][] = [];
      const schedule = startEventPageSchedule({
        db: database.db,
        clock: { now: () => now },
        publishPages: async (paths) => {
          rendered.push([...paths]);
        },
        intervalMs: 20,
      });
      const runs = async () => {
        // A few of the schedule's runs at this time.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return rendered.splice(0);
      };
      try {
        const pages = ["/akce", eventPath(event.slug)];
        expect(await runs()).toEqual([]);
        now = new Date(startsAt.getTime() - 1.5 * hour); // after the deadline
        expect(await runs()).toEqual([pages]);
        now = new Date(startsAt.getTime() - hour); // nothing passed since
        expect(await runs()).toEqual([]);
        now = new Date(startsAt.getTime() + 1); // the start
        expect(await runs()).toEqual([pages]);
        now = new Date(startsAt.getTime() + 3 * hour); // the end: off /akce
        expect(await runs()).toEqual([pages]);
      } finally {
        await schedule.stop();
      }
    },
    testTimeoutMs,
  );
});
