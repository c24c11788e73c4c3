/** The browser side of the administration API, called with the signed-in administrator's access token. */
import type { AddressSummary, RetentionPreview, RetentionSetting } from "#shared/inbox-schemas";
import type { Submission, SubmissionDetail, SubmissionStateChange } from "#shared/submission";
import type {
  AccountRole,
  AuditPage,
  ConfirmationResendJson,
  RoleChangeJson,
  SessionListJson,
  UserListJson,
} from "#shared/user-admin";
import { getAuthClient } from "~/lib/auth-client";

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

/** The signed-in administrator's current access token (refreshed by the library when due). */
export async function currentAccessToken(): Promise<string> {
  const { data, error } = await getAuthClient().getSession();
  if (error || !data.session) throw error ?? new Error("Not signed in");
  return data.session.access_token;
}

/** Thrown for an answer other than 2xx: its status and the API's Czech message, if any. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The answer's JSON, or an `AdminApiError` with the API's code and Czech message when it has them. */
async function readJson<T>(response: Response, what: string): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  throw new AdminApiError(
    response.status,
    body?.error?.code,
    body?.error?.message ?? `${what} failed with status ${response.status}`,
  );
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

/** Sends an unconfirmed account its confirmation e-mail again; refusals throw `AdminApiError`. */
export async function resendConfirmation(
  accessToken: string,
  userId: string,
): Promise<ConfirmationResendJson> {
  const path = `/api/admin/users/${encodeURIComponent(userId)}/confirmation-email`;
  const response = await fetch(path, { method: "POST", headers: authorized(accessToken) });
  return readJson(response, "Sending the confirmation again");
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

async function call<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const response = await fetch(path, {
    ...rest,
    headers: {
      ...authorized(await currentAccessToken()),
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  return readJson(response, `${rest.method ?? "GET"} ${path}`);
}

/** One submission with its e-mails. */
export function fetchSubmissionDetail(id: string): Promise<SubmissionDetail> {
  return call(`/api/form-submissions/${encodeURIComponent(id)}`);
}

/** Opened, handled, or new again; answers with the record as it now is. */
export function changeSubmissionState(
  id: string,
  state: SubmissionStateChange,
): Promise<SubmissionDetail> {
  return call(`/api/form-submissions/${encodeURIComponent(id)}/state`, {
    method: "POST",
    json: { state },
  });
}

/** Puts a failed e-mail back in the outbox. */
export function resendMail(id: number): Promise<{ queued: true }> {
  return call(`/api/mail/${id}/resend`, { method: "POST" });
}

export function summarizeAddress(email: string): Promise<AddressSummary> {
  return call("/api/admin/address/summary", { method: "POST", json: { email } });
}

export function exportAddress(email: string): Promise<unknown> {
  return call("/api/admin/address/export", { method: "POST", json: { email } });
}

export function eraseAddress(email: string): Promise<AddressSummary> {
  return call("/api/admin/address/erase", { method: "POST", json: { email } });
}

export function fetchRetention(): Promise<RetentionSetting> {
  return call("/api/admin/retention");
}

/** How many submissions a rule of `months` would delete now, counted by the server. */
export function previewRetention(months: number | null): Promise<RetentionPreview> {
  return call("/api/admin/retention/preview", { method: "POST", json: { months } });
}

export function saveRetention(months: number | null): Promise<RetentionSetting> {
  return call("/api/admin/retention", { method: "PUT", json: { months } });
}
