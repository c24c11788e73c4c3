/**
 * The check every administration screen makes before it renders (the
 * spinner shows meanwhile): no session, no admin role or an unexpected
 * failure sends the visitor to the members' page with the reason. The server
 * checks again on every request.
 */
import { redirect } from "react-router";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { setFlashNotice } from "~/lib/flash-notice";

export type AdminSession = { email: string; accessToken: string };

function leave(text: string) {
  setFlashNotice({ tone: "error", text });
  return redirect(paths.members);
}

/** The signed-in administrator, or a redirect to the members' page (thrown, for a clientLoader). */
export async function requireAdminSession(): Promise<AdminSession> {
  let outcome: AdminSession | Response;
  try {
    const client = getAuthClient();
    const { data } = await client.getSession();
    const session = data.session;
    if (!session) {
      outcome = leave(authNotices.mustSignIn);
    } else {
      const access = await checkAdminAccess(session.access_token);
      if (access === "admin") {
        outcome = { email: session.user.email ?? "", accessToken: session.access_token };
      } else {
        await client.signOut({ scope: "local" });
        outcome = leave(access === "not_admin" ? authNotices.notAdmin : authNotices.mustSignIn);
      }
    }
  } catch {
    outcome = leave(authNotices.loadFailed);
  }
  if (outcome instanceof Response) throw outcome;
  return outcome;
}

/** The signed-in administrator's current access token (refreshed by the library when due). */
export async function currentAccessToken(): Promise<string> {
  const { data, error } = await getAuthClient().getSession();
  if (error || !data.session) throw error ?? new Error("Not signed in");
  return data.session.access_token;
}
