import { paths } from "#shared/routes";
import { EventListScreen } from "~/components/admin/event-list-screen";
import { fetchEvents } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-events";

export const meta = () =>
  pageMeta({
    title: "Akce – Administrace",
    description: "Workshopy a živá setkání, jen pro administrátory.",
    path: paths.adminEvents,
    noIndex: true,
  });

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  try {
    return { email, list: await fetchEvents(accessToken) };
  } catch {
    return { email, list: null };
  }
}

export default function AdminEventsPage({ loaderData }: Route.ComponentProps) {
  return <EventListScreen key={loaderData.email} email={loaderData.email} list={loaderData.list} />;
}
