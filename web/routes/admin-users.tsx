import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import { UsersScreen } from "~/components/admin/users-screen";
import { fetchUsers } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-users";

export const meta = () =>
  pageMeta({
    title: "Uživatelé a role – Administrace",
    description: "Účty webu a jejich role, jen pro administrátory.",
    path: paths.adminUsers,
    noIndex: true,
  });

export async function clientLoader() {
  // The access request's e-mail links here: without a session, the sign-in comes back here.
  const { email, accessToken } = await requireAdminSession({ returnTo: paths.adminUsers });
  try {
    return { email, list: await fetchUsers(accessToken), listFailed: false };
  } catch {
    return { email, list: { users: [], total: 0 }, listFailed: true };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  return (
    <UsersScreen
      key={loaderData.email}
      email={loaderData.email}
      initialList={loaderData.list}
      listFailed={loaderData.listFailed}
    />
  );
}
