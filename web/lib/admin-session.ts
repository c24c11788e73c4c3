/**
 * The check every administration screen makes before it renders (the
 * spinner shows meanwhile): no session, no admin role or an unexpected
 * failure sends the visitor to the members' page with the reason, as the
 * specification has it for /admin. A screen that e-mails link to (one
 * record, the users) sends a visitor without a session to the
 * administration's sign-in instead, which comes back to it. The server
 * checks again on every request.
 */
import { redirect } from "react-router";
import { authNotices } from "#shared/auth-schemas";
import { signInReturningTo } from "#shared/return-path";
import { paths } from "#shared/routes";
import { AdminApiError, checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { setFlashNotice } from "~/lib/flash-notice";

export type AdminSession = {
  email: string;
  accessToken: string;
  /** She must set up her authenticator app first: only /admin shows (it leads her through it). */
  needsSetup: boolean;
};

function leave(text: string) {
  setFlashNotice({ tone: "error", text });
  return redirect(paths.members);
}

/**
 * The signed-in administrator, or a redirect (thrown, for a clientLoader):
 * to the members' page with the reason; to the sign-in page for the code
 * from her app; to /admin, for its set-up, from the other screens.
 */
export async function requireAdminSession({
  setUpHere = false,
  returnTo,
}: {
  /** This screen leads an administrator without an app through its set-up. */
  setUpHere?: boolean;
  /** This screen's path: without a session (or before her app's code), sign in and come back here. */
  returnTo?: string;
} = {}): Promise<AdminSession> {
  const signIn = () => redirect(returnTo ? signInReturningTo(returnTo) : paths.signIn);
  let outcome: AdminSession | Response;
  try {
    const client = getAuthClient();
    const { data } = await client.getSession();
    const session = data.session;
    if (!session) {
      outcome = returnTo ? signIn() : leave(authNotices.mustSignIn);
    } else {
      const access = await checkAdminAccess(session.access_token);
      const email = session.user.email ?? "";
      if (access === "admin") {
        outcome = { email, accessToken: session.access_token, needsSetup: false };
      } else if (access === "needs_code") {
        // Her app's code is asked for on the sign-in page, which shows that step.
        outcome = signIn();
      } else if (access === "needs_setup") {
        outcome = setUpHere
          ? { email, accessToken: session.access_token, needsSetup: true }
          : redirect(paths.admin);
      } else {
        await client.signOut({ scope: "local" });
        if (access === "not_admin") outcome = leave(authNotices.notAdmin);
        else outcome = returnTo ? signIn() : leave(authNotices.mustSignIn);
      }
    }
  } catch {
    outcome = leave(authNotices.loadFailed);
  }
  if (outcome instanceof Response) throw outcome;
  return outcome;
}

/** What a screen of one record (a booking, a form's record) loads: the record, or why not. */
export type AdminDetailLoad<Detail> = {
  email: string;
  detail: Detail | null;
  /** No such record (the server answered 404). */
  missing: boolean;
  /** Any other failure. */
  failed: boolean;
};

/**
 * The checks of `requireAdminSession` (returning to `returnTo`), then `open`:
 * a missing record and any other failure are told apart for the screen.
 */
export async function loadAdminDetail<Detail>(
  returnTo: string,
  open: () => Promise<Detail>,
): Promise<AdminDetailLoad<Detail>> {
  const admin = await requireAdminSession({ returnTo });
  try {
    return { email: admin.email, detail: await open(), missing: false, failed: false };
  } catch (error) {
    const missing = error instanceof AdminApiError && error.status === 404;
    return { email: admin.email, detail: null, missing, failed: !missing };
  }
}
