import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { formSubmissionSchema, messages } from "#shared/form-schemas";
import { ApiError } from "../api-error";
import { createClientAddress } from "../client-address";
import { type SubmitFormDependencies, submitForm } from "./submit-form";

/** Far above the largest honest submission (about 6 KB of Czech text). */
export const maxBodyBytes = 32 * 1024;

export type FormSubmissionsRouteDependencies = SubmitFormDependencies & {
  /** Whether to read the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
};

/** `POST /api/form-submissions`: validates, stores through `submitForm`, answers `201 { id }`. */
export function createFormSubmissionsRoute(deps: FormSubmissionsRouteDependencies) {
  const route = new Hono();
  const clientAddress = createClientAddress(deps.trustProxy);
  route.post(
    "/",
    requireJson,
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new ApiError(413, "payload_too_large", "Odeslaná data jsou příliš velká.");
      },
    }),
    async (c) => {
      const submission = parseSubmission(await readJson(c));
      const { id } = await submitForm(deps, submission, {
        clientAddress: clientAddress(c),
      });
      return c.json({ id }, 201);
    },
  );
  return route;
}

async function requireJson(c: Context, next: () => Promise<void>) {
  const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new ApiError(
      415,
      "unsupported_media_type",
      "Formulář je třeba odeslat ve formátu JSON (Content-Type: application/json).",
    );
  }
  await next();
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", messages.payloadInvalid);
  }
}

function parseSubmission(payload: unknown) {
  const parsed = formSubmissionSchema.safeParse(payload);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const names =
        issue.code === "unrecognized_keys"
          ? issue.keys
          : issue.path.length
            ? [String(issue.path[0])]
            : [];
      for (const name of names) fields[name] ??= issue.message;
    }
    const message =
      Object.values(fields)[0] ?? parsed.error.issues[0]?.message ?? messages.payloadInvalid;
    const hasFields = Object.keys(fields).length > 0;
    throw new ApiError(422, "validation_failed", message, hasFields ? fields : undefined);
  }
  // PostgreSQL text cannot hold a NUL character; no honest form contains one.
  const unstorable = Object.entries(parsed.data).find(
    ([, value]) => typeof value === "string" && value.includes("\u0000"),
  );
  if (unstorable) {
    throw new ApiError(422, "validation_failed", messages.payloadInvalid, {
      [unstorable[0]]: messages.payloadInvalid,
    });
  }
  return parsed.data;
}
