import { redirect } from "react-router";
import { paths } from "#shared/routes";
import { FirstAdminScreen } from "~/components/admin/first-admin-screen";
import { checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/first-admin";

export const meta = () =>
  pageMeta({
    title: "Účet administrátora",
    description: "Založení prvního účtu administrace odkazem, který vypsal server.",
    path: paths.firstAdmin,
    noIndex: true,
  });

/**
 * The link's token is the address's fragment, which no server ever sees. An
 * administrator already signed in (this page reloaded after her account was
 * made) goes on in the administration, which leads her through her app's set-up.
 */
export async function clientLoader() {
  try {
    const { data } = await getAuthClient().getSession();
    if (data.session) {
      const access = await checkAdminAccess(data.session.access_token);
      if (access === "admin" || access === "needs_setup") return redirect(paths.admin);
    }
  } catch {
    // Whatever failed, the form is still the way on.
  }
  return { token: window.location.hash.slice(1) };
}

export default function FirstAdminPage({ loaderData }: Route.ComponentProps) {
  return <FirstAdminScreen token={loaderData.token} />;
}
