import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import { BookingDetailScreen } from "~/components/admin/booking-detail-screen";
import { AdminApiError, fetchBookingDetail, markBookingHandled } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
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
  const admin = await requireAdminSession({
    returnTo: `${paths.adminBookings}/${encodeURIComponent(params.id)}`,
  });
  try {
    let detail = await fetchBookingDetail(params.id);
    if (!detail.booking.handledAt) detail = await markBookingHandled(params.id);
    return { email: admin.email, detail, missing: false, failed: false };
  } catch (error) {
    const missing = error instanceof AdminApiError && error.status === 404;
    return { email: admin.email, detail: null, missing, failed: !missing };
  }
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
