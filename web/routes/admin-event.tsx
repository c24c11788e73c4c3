import { data } from "react-router";
import { paths } from "#shared/routes";
import { newEventId } from "~/components/admin/event-list-screen";
import { EventScreen } from "~/components/admin/event-screen";
import { AdminApiError, fetchEvent, fetchEventSignups } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { useScreenKey } from "~/lib/screen-key";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-event";

export const meta = () =>
  pageMeta({
    title: "Akce – Administrace",
    description: "Úprava akce a její přihlášení, jen pro administrátory.",
    path: paths.adminEvents,
    noIndex: true,
  });

/** One event (/admin/akce/<id>) with its people, or a new one (/admin/akce/nova). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { email, accessToken } = await requireAdminSession();
  if (params.id === newEventId) return { email, event: null, people: null };
  try {
    const [{ event }, people] = await Promise.all([
      fetchEvent(accessToken, params.id),
      fetchEventSignups(accessToken, params.id),
    ]);
    return { email, event, people };
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export default function AdminEventPage({ loaderData }: Route.ComponentProps) {
  const screenKey = useScreenKey();
  return (
    <EventScreen
      // A new screen, not the last one's state, for every event she opens; the same one when a
      // new event saved for the first time moves to its own address.
      key={`${loaderData.email} ${screenKey}`}
      email={loaderData.email}
      event={loaderData.event}
      people={loaderData.people}
    />
  );
}
