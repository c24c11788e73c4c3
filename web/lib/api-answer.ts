/**
 * How the browser reads an answer of the typed API clients (`admin-api.ts`,
 * `members-api.ts`): the JSON of the route's own type, or the API's refusal
 * with its code and Czech message.
 */
import type { ClientResponse } from "hono/client";

/**
 * Thrown for an answer other than 2xx: its status and the API's Czech message, if any, and
 * for a refused form each field's message.
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const somethingFailed = "Něco se nepovedlo. Zkuste to prosím znovu.";

/**
 * The answer's JSON (nothing for 204), of the type the server's route answers with, or an
 * `AdminApiError` with the API's code and Czech message.
 */
export async function readAnswer<T>(answer: Promise<ClientResponse<T>>): Promise<T> {
  const response = await answer;
  if (response.ok)
    return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Record<string, string> };
  } | null;
  throw new AdminApiError(
    response.status,
    body?.error?.code,
    body?.error?.message ?? somethingFailed,
    body?.error?.fields,
  );
}
