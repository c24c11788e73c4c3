/**
 * Her events in the administration, relative to /api; part of the administration's one sub-app
 * (`createAdminApp`), whose guard stands before every route. The minimal calls: list, create
 * (a draft), change, publish. An event is checked with the shared schema and its description
 * sanitized whatever the browser sent; a change of a live event renders its pages again.
 */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as z from "zod/mini";
import type { Database } from "#database/open-database";
import { type Event, events, photos } from "#database/schema";
import { ApiError } from "#server/api-error";
import { type AuditActor, recordAuditEvent } from "#server/audit-log";
import type { AdminEnv } from "#server/auth/require-admin";
import type { Clock } from "#server/clock";
import { jsonBody } from "#server/json-route";
import { log } from "#server/logger";
import { eventAdminMessages } from "#shared/event-admin";
import { eventPath } from "#shared/events";
import { eventInputSchema } from "#shared/events-schemas";
import { paths } from "#shared/routes";
import { eventSubject, eventValues, reservedEventSlugs } from "./event-store";

export type EventsAdminApiDependencies = {
  db: Database;
  clock: Clock;
  publishPages?: (paths: readonly string[]) => Promise<void>;
};

const jsonLimit = { maxBytes: 128 * 1024 };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const refusals = {
  notFound: () => new ApiError(404, "event_not_found", eventAdminMessages.notFound),
  slugTaken: () =>
    new ApiError(409, "slug_taken", eventAdminMessages.slugTaken, {
      slug: eventAdminMessages.slugTaken,
    }),
  versionConflict: () => new ApiError(409, "version_conflict", eventAdminMessages.versionConflict),
  photoMissing: () =>
    new ApiError(422, "photo_missing", eventAdminMessages.photoMissing, {
      photoId: eventAdminMessages.photoMissing,
    }),
  capacityBelowTaken: () =>
    new ApiError(422, "capacity_below_taken", eventAdminMessages.capacityBelowTaken, {
      capacity: eventAdminMessages.capacityBelowTaken,
    }),
};

/** A start that is already over, refused at its field (eventsadmin). */
const pastRefusal = (message: string) =>
  new ApiError(422, "validation_failed", message, { startsAt: message });

const newEventSchema = z.strictObject({ event: eventInputSchema });
const changeEventSchema = z.strictObject({ event: eventInputSchema, version: z.int() });
const versionSchema = z.strictObject({ version: z.int() });

function readId(value: string): string {
  if (!uuidPattern.test(value)) throw refusals.notFound();
  return value;
}

/** Whether `error` is PostgreSQL's `code` on `constraint` (drizzle wraps the driver's error). */
function violates(error: unknown, constraint: string): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if ((cause as { constraint?: unknown }).constraint === constraint) return true;
    cause = cause.cause;
  }
  return false;
}

/** An event as her administration reads it (the sign-ups are the people list's). */
export function adminEventJson(event: Event) {
  return {
    ...event,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    signupDeadline: event.signupDeadline.toISOString(),
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
  };
}

/** The public pages an event's change touches. */
export function eventPagePaths(...slugs: string[]): string[] {
  return [paths.events, ...new Set(slugs.map(eventPath))];
}

export function createEventsAdminApi({ db, clock, publishPages }: EventsAdminApiDependencies) {
  const actorOf = (c: { get(key: "admin"): { user: { id: string; email: string } } }) => {
    const admin = c.get("admin");
    return {
      kind: "account",
      userId: admin.user.id,
      email: admin.user.email,
    } satisfies AuditActor;
  };

  async function publish(slugs: string[]) {
    if (!publishPages) return "stored";
    try {
      await publishPages(eventPagePaths(...slugs));
      return "updated";
    } catch (error) {
      log.error({ slugs, error: String(error) }, "Pages not rendered after an event's change");
      return "failed";
    }
  }

  async function store<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (violates(error, "events_slug_unique")) throw refusals.slugTaken();
      if (violates(error, "events_places_within_capacity")) throw refusals.capacityBelowTaken();
      throw error;
    }
  }

  function checkSlug(slug: string) {
    if ((reservedEventSlugs as readonly string[]).includes(slug)) throw refusals.slugTaken();
  }

  /** A photo of her library, or a Czech refusal at its field (nothing stored). */
  async function checkPhoto(photoId: string | null) {
    if (photoId === null) return;
    const [found] = await db.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId));
    if (!found) throw refusals.photoMissing();
  }

  // Her list (upcoming, drafts, past, with their people counted) is event-admin-people-api.ts's.
  return new Hono<AdminEnv>()
    .get("/admin/events/:id", async (c) => {
      const [row] = await db
        .select()
        .from(events)
        .where(eq(events.id, readId(c.req.param("id"))));
      if (!row) throw refusals.notFound();
      return c.json({ event: adminEventJson(row) });
    })
    .post("/admin/events", jsonBody(newEventSchema, jsonLimit), async (c) => {
      const values = eventValues(c.req.valid("json").event);
      checkSlug(values.slug);
      await checkPhoto(values.photoId);
      const now = clock.now();
      // A new event is still to come (eventsadmin).
      if (values.startsAt <= now) throw pastRefusal(eventAdminMessages.startsInPast);
      const [row] = await store(() =>
        db
          .insert(events)
          .values({
            ...values,
            state: "draft",
            createdAt: now,
            updatedAt: now,
            updatedBy: actorOf(c).userId,
          })
          .returning(),
      );
      if (!row) throw new Error("The event was not stored");
      return c.json({ event: adminEventJson(row) }, 201);
    })
    .put("/admin/events/:id", jsonBody(changeEventSchema, jsonLimit), async (c) => {
      const id = readId(c.req.param("id"));
      const { event: input, version } = c.req.valid("json");
      const values = eventValues(input);
      checkSlug(values.slug);
      await checkPhoto(values.photoId);
      const now = clock.now();
      const actor = actorOf(c);
      const outcome = await store(() =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(events).where(eq(events.id, id)).for("update");
          if (!before) throw refusals.notFound();
          if (before.version !== version) throw refusals.versionConflict();
          // A new time must be still to come, whenever the event was (eventsadmin).
          if (values.startsAt.getTime() !== before.startsAt.getTime() && values.startsAt <= now) {
            throw pastRefusal(eventAdminMessages.movedIntoPast);
          }
          const [row] = await tx
            .update(events)
            .set({ ...values, version: version + 1, updatedAt: now, updatedBy: actor.userId })
            .where(and(eq(events.id, id), eq(events.version, version)))
            .returning();
          if (!row) throw refusals.versionConflict();
          if (row.state !== "draft") {
            await recordAuditEvent(
              tx as unknown as Database,
              { action: "event_changed", actor, subject: eventSubject(row) },
              now,
            );
          }
          return { before, row };
        }),
      );
      const pages =
        outcome.row.state === "draft"
          ? "unchanged"
          : await publish([outcome.before.slug, outcome.row.slug]);
      return c.json({ event: adminEventJson(outcome.row), pages });
    })
    .post("/admin/events/:id/publish", jsonBody(versionSchema, { maxBytes: 1024 }), async (c) => {
      const id = readId(c.req.param("id"));
      const { version } = c.req.valid("json");
      const now = clock.now();
      const actor = actorOf(c);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(events).where(eq(events.id, id)).for("update");
        if (!before) throw refusals.notFound();
        if (before.version !== version) throw refusals.versionConflict();
        const [published] = await tx
          .update(events)
          .set({
            state: "published",
            version: version + 1,
            updatedAt: now,
            updatedBy: actor.userId,
          })
          .where(eq(events.id, id))
          .returning();
        if (!published) throw refusals.notFound();
        await recordAuditEvent(
          tx as unknown as Database,
          { action: "event_published", actor, subject: eventSubject(published) },
          now,
        );
        return published;
      });
      const pages = await publish([row.slug]);
      return c.json({ event: adminEventJson(row), pages });
    });
}
