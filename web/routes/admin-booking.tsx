import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import { BookingDetailScreen } from "~/components/admin/booking-detail-screen";
import { fetchBookingDetail, markBookingHandled } from "~/lib/admin-api";
import { loadAdminDetail } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-booking";

export const meta = () =>
  pageMeta({
    title: "Rezervace – Administrace",
    description: "Jedna rezervace s kontaktem klienta, jen pro administrátory.",
    path: paths.adminBookings,
    noIndex: true,
  });

/**
 * The same checks as the list, then the booking. Opening a new booking makes it handled in her
 * inbox, as opening a submission makes it read.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadAdminDetail(`${paths.adminBookings}/${encodeURIComponent(params.id)}`, async () => {
    const detail = await fetchBookingDetail(params.id);
    return detail.booking.handledAt ? detail : markBookingHandled(params.id);
  });
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminBookingPage({ loaderData }: Route.ComponentProps) {
  return (
    <BookingDetailScreen
      key={loaderData.detail?.booking.id ?? "none"}
      email={loaderData.email}
      initialDetail={loaderData.detail}
      missing={loaderData.missing}
      failed={loaderData.failed}
    />
  );
}
