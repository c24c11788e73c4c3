import { Hono } from "hono";
import { formSubmissionSchema } from "#shared/form-schemas";
import { createClientAddress } from "../client-address";
import { jsonBody, shortJson } from "../json-route";
import { type SubmitFormDependencies, submitForm } from "./submit-form";

/** Far above the largest honest submission (about 6 KB of Czech text). */
export const maxBodyBytes = 32 * 1024;

export type FormSubmissionsRouteDependencies = SubmitFormDependencies & {
  /** Whether to read the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
};

/**
 * `POST /api/form-submissions`: validates, stores through `submitForm`, answers
 * `201 { id, giftWaits }` (`giftWaits`: the gift has no material yet, its e-mail waits).
 * Other methods on this path answer 405 with `Allow` (server/other-methods.ts).
 */
export function createFormSubmissionsRoute(deps: FormSubmissionsRouteDependencies) {
  const route = new Hono();
  const clientAddress = createClientAddress(deps.trustProxy);
  route.post("/", jsonBody(formSubmissionSchema, { maxBytes: maxBodyBytes }), async (c) => {
    const { id, giftWaits } = await submitForm(deps, c.req.valid("json"), {
      clientAddress: clientAddress(c),
    });
    return shortJson(c, { id, giftWaits }, 201);
  });
  return route;
}
