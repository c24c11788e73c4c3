/**
 * Two hundred visitors sign up for an event of twenty places at once: exactly twenty get a
 * place and the rest wait (or, without a waiting list, are refused), none lost; cancelling one
 * place gives it to exactly one waiting. On each database, and across two servers on one
 * PostgreSQL (each with its own connections), since only the database can decide a race.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { type Event, eventSignups, events } from "#database/schema";
import { eventMessages } from "#shared/events";
import { paths } from "#shared/routes";
import { insertTestEvent, sampleSignup } from "#testing/sample-events";
import { createTestApp, createTestClock } from "#testing/test-app";
import { openTimeoutMs, postgresUrl, testDatabases } from "#testing/test-databases";
import { digestCancelToken } from "./event-signups";

const attempts = 200;
const capacity = 20;

type App = ReturnType<typeof createTestApp>;

/** Sends the two hundred sign-ups at once, spread over `apps` in turn; the statuses and states. */
async function signUpAtOnce(apps: App[], event: Event) {
  return Promise.all(
    Array.from({ length: attempts }, async (_, index) => {
      const app = apps[index % apps.length] as App;
      const response = await app.request(`/api/events/${event.id}/signups`, {
        method: "POST",
        // Each visitor from an address of her own: the sign-up limit counts per address, in the
        // database that other test files share (one of them fills its limit on purpose).
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": `10.77.${index % 250}.${1 + Math.floor(index / 250)}`,
        },
        body: JSON.stringify(sampleSignup(`${event.slug}-${index}`)),
      });
      const body = (await response.json()) as {
        signup?: { state: string };
        error?: { code: string; message: string };
      };
      return { status: response.status, state: body.signup?.state, error: body.error };
    }),
  );
}

async function storedStates(database: DatabaseHandle, event: Event) {
  const rows = await database.db
    .select({ state: eventSignups.state, n: count() })
    .from(eventSignups)
    .where(eq(eventSignups.eventId, event.id))
    .groupBy(eventSignups.state);
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

const takenPlaces = async (database: DatabaseHandle, event: Event) =>
  (await database.db.select().from(events).where(eq(events.id, event.id)))[0]?.takenPlaces;

/** Cancels one confirmed sign-up through its link; exactly one waiting gets the place. */
async function cancelOne(app: App, database: DatabaseHandle, event: Event) {
  const [holder] = await database.db
    .select()
    .from(eventSignups)
    .where(eq(eventSignups.state, "confirmed"))
    .limit(1);
  if (!holder) throw new Error("nobody has a place");
  const token = `race-cancel-token-${event.slug}`;
  await database.db
    .update(eventSignups)
    .set({ cancelTokenHash: digestCancelToken(token) })
    .where(eq(eventSignups.id, holder.id));
  const response = await app.request(`${paths.eventCancel}/${token}`, { method: "POST" });
  expect(response.status).toBe(303);
}

const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles.reverse()) await handle.close();
});

describe.each(testDatabases)("200 sign-ups for 20 places at once on $name", ({ open }) => {
  it(
    "confirms exactly 20 and waitlists 180, none lost; a cancellation promotes exactly one",
    async () => {
      const database = await open();
      handles.push(database);
      const clock = createTestClock();
      const app = createTestApp(database, { clock });
      const event = await insertTestEvent(database.db, clock.now(), { capacity });
      const answers = await signUpAtOnce([app], event);
      // Every one answered 201: an unexpected answer shows itself whole.
      expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
      expect(answers.filter((answer) => answer.state === "confirmed")).toHaveLength(capacity);
      expect(await storedStates(database, event)).toEqual({
        confirmed: capacity,
        waitlisted: attempts - capacity,
      });
      expect(await takenPlaces(database, event)).toBe(capacity);

      await cancelOne(app, database, event);
      expect(await storedStates(database, event)).toEqual({
        confirmed: capacity,
        waitlisted: attempts - capacity - 1,
        cancelled: 1,
      });
      expect(await takenPlaces(database, event)).toBe(capacity);
    },
    openTimeoutMs,
  );

  it(
    "without a waiting list confirms exactly 20 and refuses 180 with a Czech message",
    async () => {
      const database = await open();
      handles.push(database);
      const clock = createTestClock();
      const app = createTestApp(database, { clock });
      const event = await insertTestEvent(database.db, clock.now(), {
        capacity,
        waitingList: false,
      });
      const answers = await signUpAtOnce([app], event);
      expect(answers.filter((answer) => answer.state === "confirmed")).toHaveLength(capacity);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(refused).toHaveLength(attempts - capacity);
      for (const { error } of refused) {
        expect(error).toEqual({ code: "event_full", message: eventMessages.full });
      }
      expect(await storedStates(database, event)).toEqual({ confirmed: capacity });
    },
    openTimeoutMs,
  );
});

describe.skipIf(!postgresUrl)("200 sign-ups for 20 places at once on two servers", () => {
  it(
    "confirms exactly 20 across both servers on one PostgreSQL; a cancellation promotes one",
    async () => {
      const postgres = testDatabases.find((database) => database.name === "PostgreSQL");
      const first = await postgres?.open();
      const second = await first?.openAnother?.();
      if (!first || !second) throw new Error("no second connection to PostgreSQL");
      handles.push(first, second);
      const clock = createTestClock();
      const apps = [createTestApp(first, { clock }), createTestApp(second, { clock })];
      const event = await insertTestEvent(first.db, clock.now(), { capacity });
      const answers = await signUpAtOnce(apps, event);
      // Every one answered 201: an unexpected answer shows itself whole.
      expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
      expect(await storedStates(second, event)).toEqual({
        confirmed: capacity,
        waitlisted: attempts - capacity,
      });
      await cancelOne(apps[1] as App, second, event);
      expect(await storedStates(first, event)).toEqual({
        confirmed: capacity,
        waitlisted: attempts - capacity - 1,
        cancelled: 1,
      });
      expect(await takenPlaces(first, event)).toBe(capacity);
    },
    openTimeoutMs,
  );
});
