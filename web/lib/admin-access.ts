/**
 * The check every administration screen makes before it renders: a session,
 * and the admin role on the server. Anything else sends the visitor to the
 * members' page with the reason (the server checks again on every request).
 */
import { redirect } from "react-router";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { setFlashNotice } from "~/lib/flash-notice";

function leave(text: string) {
  setFlashNotice({ tone: "error", text });
  return redirect(paths.members);
}

/** The administrator's address and access token, or the redirect away. */
export async function requireAdminSession(): Promise<
  { email: string; accessToken: string } | Response
> {
  try {
    const client = getAuthClient();
    const { data } = await client.getSession();
    const session = data.session;
    if (!session) return leave(authNotices.mustSignIn);
    const access = await checkAdminAccess(session.access_token);
    if (access === "signed_out") {
      await client.signOut({ scope: "local" });
      return leave(authNotices.mustSignIn);
    }
    if (access === "not_admin") {
      await client.signOut({ scope: "local" });
      return leave(authNotices.notAdmin);
    }
    return { email: session.user.email ?? "", accessToken: session.access_token };
  } catch {
    return leave(authNotices.loadFailed);
  }
}
