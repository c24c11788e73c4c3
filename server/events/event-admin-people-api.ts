/**
 * Her events' list and each event's people, relative to /api, in the administration's one
 * sub-app (`createAdminApp`): deleting a draft, „Opakovat“, a message to everyone signed up,
 * cancelling the event or one sign-up, and the people as CSV. Creating, changing and publishing
 * an event are `event-admin-api.ts`'s. Each refusal is a Czech sentence with a code, and
 * changes nothing.
 */
import { Hono } from "hono";
import type { Database } from "#database/open-database";
import { ApiError } from "#server/api-error";
import { recordAuditEvent } from "#server/audit-log";
import type { AdminEnv } from "#server/auth/require-admin";
import type { Clock } from "#server/clock";
import { jsonBody } from "#server/json-route";
import { log } from "#server/logger";
import type { MailSettings } from "#server/mail/outbox";
import {
  type EventListJson,
  type EventMessageJson,
  type EventRepeatJson,
  eventAdminMessages,
  eventMessageSchema,
  eventRepeatSchema,
} from "#shared/event-admin";
import { adminEventJson, eventPagePaths } from "./event-admin-api";
import {
  cancelWholeEvent,
  deleteDraftEvent,
  type EventAdminRefusal,
  exportEventSignups,
  listEventsForAdmin,
  readEventPeople,
  repeatEvent,
  sendEventMessage,
  tellCancelled,
} from "./event-admin-store";
import type { EventSignups } from "./event-signups";
import { eventSubject } from "./event-store";

export type EventPeopleApiDependencies = {
  db: Database;
  /** Sign-ups and their waiting list (`event-signups.ts`): her cancelling of one goes through it. */
  eventSignups: Pick<EventSignups, "cancelByOwner">;
  clock: Clock;
  mail: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  /** Wakes the mail worker once e-mails are in the outbox. */
  onMailQueued?: () => void;
  publishPages?: (paths: readonly string[]) => Promise<void>;
};

const smallJson = { maxBytes: 32 * 1024 };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A forged or mistyped id is an event that is not there. */
function readId(value: string, refusal: EventAdminRefusal = "not_found"): string {
  if (!uuidPattern.test(value)) throw refusals[refusal];
  return value;
}

const conflict = (code: string, message: string) => new ApiError(409, code, message);
const invalid = (field: string, message: string) =>
  new ApiError(422, "validation_failed", message, { [field]: message });

const refusals: Record<EventAdminRefusal | "past_signup_not_cancelled", ApiError> = {
  not_found: new ApiError(404, "event_not_found", eventAdminMessages.notFound),
  signup_not_found: new ApiError(404, "signup_not_found", eventAdminMessages.signupNotFound),
  only_draft_deleted: conflict("event_not_draft", eventAdminMessages.onlyDraftDeleted),
  draft_not_cancelled: conflict("event_draft", eventAdminMessages.draftNotCancelled),
  already_cancelled: conflict("event_cancelled", eventAdminMessages.alreadyCancelled),
  past_not_cancelled: conflict("event_past", eventAdminMessages.pastNotCancelled),
  cancelled_not_repeated: conflict("event_cancelled", eventAdminMessages.cancelledNotRepeated),
  signup_already_cancelled: conflict("signup_cancelled", eventAdminMessages.signupAlreadyCancelled),
  nobody_signed_up: conflict("nobody_signed_up", eventAdminMessages.nobodySignedUp),
  draft_no_message: conflict("event_draft", eventAdminMessages.draftNoMessage),
  rule_not_fitting: invalid("rule", eventAdminMessages.ruleNotFitting),
  until_before_next: invalid("until", eventAdminMessages.untilBeforeNext),
  too_many: invalid("until", eventAdminMessages.tooMany),
  past_signup_not_cancelled: conflict("event_past", eventAdminMessages.pastSignupNotCancelled),
};

function unless<T extends object>(outcome: T | { refused: EventAdminRefusal }): T {
  if ("refused" in outcome) throw refusals[outcome.refused];
  return outcome;
}

export function createEventPeopleApi({
  db,
  eventSignups,
  clock,
  mail,
  onMailQueued,
  publishPages,
}: EventPeopleApiDependencies) {
  const actor = (admin: AdminEnv["Variables"]["admin"]) =>
    ({ kind: "account", userId: admin.user.id, email: admin.user.email }) as const;

  /** The live pages a change touched, rendered again; a failure is logged, the change stays. */
  async function republish(paths: readonly string[]) {
    if (!publishPages || paths.length === 0) return;
    try {
      await publishPages(paths);
    } catch (error) {
      log.error({ paths, error: String(error) }, "Pages not rendered after an event's change");
    }
  }

  return new Hono<AdminEnv>()
    .get("/admin/events", async (c) => {
      const list: EventListJson = await listEventsForAdmin(db, clock.now());
      return c.json(list);
    })
    .get("/admin/events/:id/signups", async (c) => {
      const found = await readEventPeople(db, readId(c.req.param("id")));
      if (!found) throw refusals.not_found;
      return c.json({ counts: found.counts, signups: found.signups });
    })
    .get("/admin/events/:id/signups.csv", async (c) => {
      const { csv, fileName } = unless(
        await exportEventSignups(db, {
          id: readId(c.req.param("id")),
          actor: actor(c.get("admin")),
          at: clock.now(),
        }),
      );
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    })
    .delete("/admin/events/:id", async (c) => {
      unless(
        await deleteDraftEvent(db, {
          id: readId(c.req.param("id")),
          actor: actor(c.get("admin")),
          at: clock.now(),
        }),
      );
      return c.json({ deleted: true as const });
    })
    .post("/admin/events/:id/repeat", jsonBody(eventRepeatSchema, smallJson), async (c) => {
      const { rule, until } = c.req.valid("json");
      const outcome = unless(
        await repeatEvent(db, {
          id: readId(c.req.param("id")),
          rule,
          until,
          actor: actor(c.get("admin")),
          at: clock.now(),
        }),
      );
      await republish(outcome.livePaths);
      const answer: EventRepeatJson = { created: outcome.created };
      return c.json(answer, 201);
    })
    .post("/admin/events/:id/message", jsonBody(eventMessageSchema, smallJson), async (c) => {
      const { subject, text } = c.req.valid("json");
      const { recipients } = unless(
        await sendEventMessage(db, {
          id: readId(c.req.param("id")),
          subject,
          text,
          actor: actor(c.get("admin")),
          at: clock.now(),
          mail,
        }),
      );
      onMailQueued?.();
      const answer: EventMessageJson = { recipients };
      return c.json(answer);
    })
    .post("/admin/events/:id/cancel", async (c) => {
      const { event, told } = unless(
        await cancelWholeEvent(db, {
          id: readId(c.req.param("id")),
          actor: actor(c.get("admin")),
          at: clock.now(),
          mail,
        }),
      );
      onMailQueued?.();
      await republish(eventPagePaths(event.slug));
      return c.json({ event: adminEventJson(event), told });
    })
    .post("/admin/events/:id/signups/:signupId/cancel", async (c) => {
      const id = readId(c.req.param("id"));
      const signupId = readId(c.req.param("signupId"), "signup_not_found");
      const who = actor(c.get("admin"));
      const outcome = await eventSignups.cancelByOwner(
        id,
        signupId,
        async (tx, event, signup, hadPlace) => {
          const at = signup.cancelledAt ?? clock.now();
          await tellCancelled(tx, { event, signup, what: "signup", hadPlace, at, mail });
          await recordAuditEvent(
            tx,
            { action: "event_signup_cancelled", actor: who, subject: eventSubject(event) },
            at,
          );
        },
      );
      if ("refused" in outcome) {
        throw refusals[outcome.refused === "past" ? "past_signup_not_cancelled" : outcome.refused];
      }
      return c.json({ cancelled: true as const });
    });
}
