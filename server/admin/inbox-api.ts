/**
 * The owner's inbox beyond the list: one submission with its e-mails, its
 * state (new, handled), sending a failed e-mail again, everything about one
 * address (export, erasure) and the retention rule (and what it would delete). Relative to /api;
 * part of the administration's one sub-app (`createAdminApp`), whose guard stands before every
 * route and so before any body is read.
 */
import { Hono } from "hono";
import {
  addressSchema,
  inboxMessages,
  retentionSchema,
  stateChangeSchema,
} from "#shared/inbox-schemas";
import { ApiError } from "../api-error";
import type { EventSignups } from "../events/event-signups";
import { beforeTheGuard } from "../guarded-app";
import { jsonBody, limitBody } from "../json-route";
import { type QueueingDependencies, resendFailedMail } from "../mail/outbox";
import type { AdminEnv } from "./admin-api";
import { eraseAddress, exportAddress, summarizeAddress } from "./gdpr";
import { previewRetention, readRetention, saveRetention } from "./retention";
import { getSubmissionDetail, setSubmissionState } from "./submissions";

const maxBodyBytes = 2048;
const body = <S extends Parameters<typeof jsonBody>[0]>(schema: S) =>
  jsonBody(schema, { maxBytes: maxBodyBytes });

const notFound = () => new ApiError(404, "not_found", inboxMessages.notFound);

export type InboxApiDependencies = QueueingDependencies & {
  /** An erased sign-up's place goes to the first one waiting, who is told (server/events/). */
  eventSignups?: Pick<EventSignups, "releaseErased">;
};

export function createInboxApi({ db, clock, onMailQueued, eventSignups }: InboxApiDependencies) {
  return (
    new Hono<AdminEnv>()
      .get("/form-submissions/:id", async (c) => {
        const detail = await getSubmissionDetail(db, c.req.param("id"));
        if (!detail) throw notFound();
        return c.json(detail);
      })
      .post("/form-submissions/:id/state", body(stateChangeSchema), async (c) => {
        const id = c.req.param("id");
        const { state } = c.req.valid("json");
        if (!(await setSubmissionState(db, id, state, clock.now()))) throw notFound();
        const detail = await getSubmissionDetail(db, id);
        if (!detail) throw notFound();
        return c.json(detail);
      })
      .post("/mail/:id/resend", beforeTheGuard(limitBody(1024)), async (c) => {
        const outcome = await resendFailedMail(db, c.req.param("id"), clock.now());
        if (outcome === "not_found") {
          throw new ApiError(404, "not_found", inboxMessages.mailNotFound);
        }
        if (outcome === "not_failed") {
          throw new ApiError(409, "mail_not_failed", inboxMessages.mailNotFailed);
        }
        onMailQueued?.();
        return c.json({ queued: true as const });
      })
      .post("/admin/address/summary", body(addressSchema), async (c) => {
        return c.json(await summarizeAddress(db, c.req.valid("json").email));
      })
      .post("/admin/address/export", body(addressSchema), async (c) => {
        const { email } = c.req.valid("json");
        const data = await exportAddress(db, email, clock.now());
        const fileName = `udaje-${email.replace(/[^a-zA-Z0-9@._-]/g, "_")}.json`;
        c.header("Content-Disposition", `attachment; filename="${fileName}"`);
        return c.json(data);
      })
      .post("/admin/address/erase", body(addressSchema), async (c) => {
        const { email } = c.req.valid("json");
        const { user } = c.get("admin");
        const outcome = await eraseAddress(
          db,
          email,
          { userId: user.id, email: user.email },
          clock.now(),
          eventSignups,
        );
        if ("refused" in outcome) throw new ApiError(409, "own_account", inboxMessages.ownAccount);
        // A place an erased sign-up held may have gone to the first one waiting, with an e-mail.
        onMailQueued?.();
        return c.json(outcome.erased);
      })
      .get("/admin/retention", async (c) => c.json(await readRetention(db)))
      .put("/admin/retention", body(retentionSchema), async (c) => {
        return c.json(await saveRetention(db, c.req.valid("json").months, clock.now()));
      })
      // A question, not a change; POST so that it takes the same body as the rule it asks about.
      .post("/admin/retention/preview", body(retentionSchema), async (c) => {
        return c.json(await previewRetention(db, c.req.valid("json").months, clock.now()));
      })
  );
}
