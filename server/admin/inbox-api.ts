/**
 * The owner's inbox beyond the list: one submission with its e-mails, its
 * state (new, handled), sending a failed e-mail again, everything about one
 * address (export, erasure) and the retention rule (and what it would delete). Mounted at /api; every
 * route names the administrators' guard first, before any body is read.
 */
import { Hono, type MiddlewareHandler } from "hono";
import type { Database } from "#database/open-database";
import {
  addressSchema,
  inboxMessages,
  retentionSchema,
  stateChangeSchema,
} from "#shared/inbox-schemas";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import { jsonBody, limitBody } from "../json-route";
import { resendFailedMail } from "../mail/outbox";
import type { AdminEnv } from "./admin-api";
import { eraseAddress, exportAddress, summarizeAddress } from "./gdpr";
import { previewRetention, readRetention, saveRetention } from "./retention";
import { getSubmissionDetail, setSubmissionState } from "./submissions";

/** Every route of this API, relative to /api (the authorization matrix walks them). */
export const inboxRoutes = [
  { method: "GET", path: "/form-submissions/:id" },
  { method: "POST", path: "/form-submissions/:id/state" },
  { method: "POST", path: "/mail/:id/resend" },
  { method: "POST", path: "/admin/address/summary" },
  { method: "POST", path: "/admin/address/export" },
  { method: "POST", path: "/admin/address/erase" },
  { method: "GET", path: "/admin/retention" },
  { method: "PUT", path: "/admin/retention" },
  { method: "POST", path: "/admin/retention/preview" },
] as const;

const maxBodyBytes = 2048;
const body = <S extends Parameters<typeof jsonBody>[0]>(schema: S) =>
  jsonBody(schema, { maxBytes: maxBodyBytes });

const notFound = () => new ApiError(404, "not_found", inboxMessages.notFound);

export function createInboxApi({
  guard,
  db,
  clock,
  onMailQueued,
}: {
  guard: MiddlewareHandler<AdminEnv>;
  db: Database;
  clock: Clock;
  onMailQueued?: () => void;
}) {
  const api = new Hono<AdminEnv>();

  api.get("/form-submissions/:id", guard, async (c) => {
    const detail = await getSubmissionDetail(db, c.req.param("id"));
    if (!detail) throw notFound();
    return c.json(detail);
  });

  api.post("/form-submissions/:id/state", guard, body(stateChangeSchema), async (c) => {
    const id = c.req.param("id");
    const { state } = c.req.valid("json");
    if (!(await setSubmissionState(db, id, state, clock.now()))) throw notFound();
    const detail = await getSubmissionDetail(db, id);
    if (!detail) throw notFound();
    return c.json(detail);
  });

  api.post("/mail/:id/resend", limitBody(1024), guard, async (c) => {
    const outcome = await resendFailedMail(db, c.req.param("id"), clock.now());
    if (outcome === "not_found") {
      throw new ApiError(404, "not_found", inboxMessages.mailNotFound);
    }
    if (outcome === "not_failed") {
      throw new ApiError(409, "mail_not_failed", inboxMessages.mailNotFailed);
    }
    onMailQueued?.();
    return c.json({ queued: true });
  });

  api.post("/admin/address/summary", guard, body(addressSchema), async (c) => {
    return c.json(await summarizeAddress(db, c.req.valid("json").email));
  });

  api.post("/admin/address/export", guard, body(addressSchema), async (c) => {
    const { email } = c.req.valid("json");
    const data = await exportAddress(db, email, clock.now());
    const fileName = `udaje-${email.replace(/[^a-zA-Z0-9@._-]/g, "_")}.json`;
    c.header("Content-Disposition", `attachment; filename="${fileName}"`);
    return c.json(data);
  });

  api.post("/admin/address/erase", guard, body(addressSchema), async (c) => {
    const { email } = c.req.valid("json");
    const { user } = c.get("admin");
    const outcome = await eraseAddress(
      db,
      email,
      { userId: user.id, email: user.email },
      clock.now(),
    );
    if ("refused" in outcome) throw new ApiError(409, "own_account", inboxMessages.ownAccount);
    return c.json(outcome.erased);
  });

  api.get("/admin/retention", guard, async (c) => c.json(await readRetention(db)));

  api.put("/admin/retention", guard, body(retentionSchema), async (c) => {
    return c.json(await saveRetention(db, c.req.valid("json").months, clock.now()));
  });

  // A question, not a change; POST so that it takes the same body as the rule it asks about.
  api.post("/admin/retention/preview", guard, body(retentionSchema), async (c) => {
    return c.json(await previewRetention(db, c.req.valid("json").months, clock.now()));
  });

  return api;
}
