import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import type { Submission } from "#shared/submission";
import { AdminScreen } from "~/components/admin/admin-screen";
import { checkAdminAccess, fetchSubmissions } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { setFlashNotice } from "~/lib/flash-notice";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin";

export const meta = () =>
  pageMeta({
    title: "Administrace",
    description: "Odeslaná data z formulářů webu, jen pro administrátory.",
    path: paths.admin,
    noIndex: true,
  });

function leave(text: string) {
  setFlashNotice({ tone: "error", text });
  return redirect(paths.members);
}

/**
 * Who may see the page is decided before it renders (the spinner shows
 * meanwhile): no session, no admin role or an unexpected failure sends the
 * visitor to the members' page with the reason. The server checks again on
 * every request.
 */
export async function clientLoader() {
  let email: string;
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
    // Her app's code is asked for on the sign-in page, which shows that step.
    if (access === "needs_code") return redirect(paths.signIn);
    email = session.user.email ?? "";
    // No data before she has set up her app: the page leads her to it.
    if (access === "needs_setup") {
      return { email, submissions: [] as Submission[], listFailed: false, needsSetup: true };
    }
    try {
      const submissions = await fetchSubmissions(session.access_token);
      return { email, submissions, listFailed: false, needsSetup: false };
    } catch {
      return { email, submissions: [] as Submission[], listFailed: true, needsSetup: false };
    }
  } catch {
    return leave(authNotices.loadFailed);
  }
}

/**
 * The session library clears the address's fragment after reading a
 * session from it; that alone must not run the checks above again.
 */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      // A new administrator or a fresh load starts from the loaded list.
      key={loaderData.email}
      email={loaderData.email}
      initialSubmissions={loaderData.submissions}
      listFailed={loaderData.listFailed}
      needsSetup={loaderData.needsSetup}
    />
  );
}
