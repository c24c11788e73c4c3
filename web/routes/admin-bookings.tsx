import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { AdminBookingWindowJson } from "#shared/booking-admin";
import { paths } from "#shared/routes";
import { mondayOf, today } from "~/components/admin/booking-format";
import { BookingsScreen, type BookingView } from "~/components/admin/bookings-screen";
import { fetchBookingWindow } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-bookings";

export const meta = () =>
  pageMeta({
    title: "Rezervace – Administrace",
    description: "Rezervované termíny po dnech a týdnech, jen pro administrátory.",
    path: paths.adminBookings,
    noIndex: true,
  });

/** The view the address asks for (`?pohled=den&od=2026-12-09`); this week when it asks for none. */
function viewOf(url: URL): BookingView {
  const asked = url.searchParams.get("od") ?? "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : today();
  return url.searchParams.get("pohled") === "den"
    ? { view: "day", from: day }
    : { view: "week", from: mondayOf(day) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const view = viewOf(new URL(request.url));
  const { email, accessToken } = await requireAdminSession({ returnTo: paths.adminBookings });
  const empty: AdminBookingWindowJson = { bookings: [], pending: [] };
  try {
    const window = await fetchBookingWindow(accessToken, view.from, view.view === "day" ? 1 : 7);
    return { email, view, window, listFailed: false };
  } catch {
    return { email, view, window: empty, listFailed: true };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}

export default function AdminBookingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <BookingsScreen
      email={loaderData.email}
      view={loaderData.view}
      window={loaderData.window}
      listFailed={loaderData.listFailed}
    />
  );
}
