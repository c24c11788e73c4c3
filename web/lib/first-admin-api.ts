/** The browser side of the first administrator's set-up link: its one POST. */
import { type FirstAdminRequest, firstAdminApiPath } from "#shared/first-admin";
import { AdminApiError } from "~/lib/admin-api";

/** The signed-in session the server answers with (GoTrue's shape; the page hands it to auth-js). */
export type FirstAdminSession = { access_token: string; refresh_token: string };

/** Refusals throw `AdminApiError` with the API's code, Czech message and field messages. */
export class FirstAdminError extends AdminApiError {
  constructor(
    status: number,
    code: string | undefined,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(status, code, message);
  }
}

/** Creates the owner's administrator account with the link's token. */
export async function createFirstAdmin(request: FirstAdminRequest): Promise<FirstAdminSession> {
  const response = await fetch(firstAdminApiPath, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  if (response.ok) return (await response.json()) as FirstAdminSession;
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Record<string, string> };
  } | null;
  throw new FirstAdminError(
    response.status,
    body?.error?.code,
    body?.error?.message ??
      `Creating the first administrator failed with status ${response.status}`,
    body?.error?.fields,
  );
}
