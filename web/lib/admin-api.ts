/** The browser side of the administration API, called with the signed-in administrator's access token. */
import type { Submission } from "#shared/submission";

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
