import { paths } from "#shared/routes";
import { LettersListScreen } from "~/components/admin/letters-list-screen";
import { fetchLetters } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-letters";

export const meta = () =>
  pageMeta({
    title: "Dopisy – Administrace",
    description: "Dopisy odběratelům novinek, jen pro administrátory.",
    path: paths.adminLetters,
    noIndex: true,
  });

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  try {
    return { email, list: await fetchLetters(accessToken) };
  } catch {
    return { email, list: null };
  }
}

export default function AdminLettersPage({ loaderData }: Route.ComponentProps) {
  return (
    <LettersListScreen key={loaderData.email} email={loaderData.email} list={loaderData.list} />
  );
}
