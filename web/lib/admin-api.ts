/** The browser side of the administration API, called with the signed-in administrator's access token. */
import type { Submission } from "#shared/submission";
import type {
  AccountRole,
  AuditPage,
  RoleChangeJson,
  SessionListJson,
  UserListJson,
} from "#shared/user-admin";

/**
 * What the administration says to this session: come in; not an
 * administrator; not signed in; first the code from her app (`needs_code`,
 * an aal1 session of an account with an app); first set up an app
 * (`needs_setup`, when the server requires one).
 */
export type AdminAccess = "admin" | "not_admin" | "signed_out" | "needs_code" | "needs_setup";

function authorized(accessToken: string): HeadersInit {
  return { Authorization: `Bearer ${accessToken}` };
}

/** Whether the account has the admin role; the server reads `user_roles` for it. */
export async function checkAdminAccess(accessToken: string): Promise<AdminAccess> {
  const response = await fetch("/api/admin/access", { headers: authorized(accessToken) });
  if (response.ok) return "admin";
  if (response.status === 403) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    if (body?.error?.code === "aal2_required") return "needs_code";
    if (body?.error?.code === "two_factor_setup_required") return "needs_setup";
    return "not_admin";
  }
  if (response.status === 401) return "signed_out";
  throw new Error(`Checking the admin role failed with status ${response.status}`);
}

/** Every submission, newest first. */
export async function fetchSubmissions(accessToken: string): Promise<Submission[]> {
  const response = await fetch("/api/form-submissions", { headers: authorized(accessToken) });
  if (!response.ok) throw new Error(`Loading submissions failed with status ${response.status}`);
  const body = (await response.json()) as { submissions: Submission[] };
  return body.submissions;
}

/** Asks the API to delete one submission (the server side is `deleteSubmission` in server/admin). */
export async function requestSubmissionDeletion(accessToken: string, id: string): Promise<void> {
  const response = await fetch(`/api/form-submissions/${encodeURIComponent(id)}`, {
    method: "DELETE",
    headers: authorized(accessToken),
  });
  if (!response.ok) throw new Error(`Deleting a submission failed with status ${response.status}`);
}

/** A refusal the page shows as it is: the server's code and its Czech message. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readJson<T>(response: Response, what: string): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  if (response.status < 500 && body?.error?.code && body.error.message) {
    throw new AdminApiError(response.status, body.error.code, body.error.message);
  }
  throw new Error(`${what} failed with status ${response.status}`);
}

/** Accounts whose e-mail or name contains `search`, newest first. */
export async function fetchUsers(accessToken: string, search = ""): Promise<UserListJson> {
  const query = search ? `?${new URLSearchParams({ q: search })}` : "";
  const response = await fetch(`/api/admin/users${query}`, { headers: authorized(accessToken) });
  return readJson(response, "Loading users");
}

/** Gives or takes a role; refusals (unconfirmed address, last administrator) throw `AdminApiError`. */
export async function changeRole(
  accessToken: string,
  change: { userId: string; role: AccountRole; grant: boolean },
): Promise<RoleChangeJson> {
  const path = `/api/admin/users/${encodeURIComponent(change.userId)}/roles/${change.role}`;
  const response = await fetch(path, {
    method: change.grant ? "PUT" : "DELETE",
    headers: authorized(accessToken),
  });
  return readJson(response, "Changing a role");
}

/** Her own live sign-ins, this one first. */
export async function fetchOwnSessions(accessToken: string): Promise<SessionListJson> {
  const response = await fetch("/api/admin/sessions", { headers: authorized(accessToken) });
  return readJson(response, "Loading sign-ins");
}

/** A page of the audit log, newest first; `before` continues after the last page's end. */
export async function fetchAuditLog(accessToken: string, before?: number): Promise<AuditPage> {
  const query = before ? `?before=${before}` : "";
  const response = await fetch(`/api/admin/audit-log${query}`, {
    headers: authorized(accessToken),
  });
  return readJson(response, "Loading the audit log");
}
