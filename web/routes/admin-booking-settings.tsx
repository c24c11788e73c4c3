import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import {
  type BookingSettingsData,
  BookingSettingsScreen,
} from "~/components/admin/booking-settings-screen";
import { fetchBookingSettings, fetchCalendarFeedAddress, fetchContentEntry } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-booking-settings";

export const meta = () =>
  pageMeta({
    title: "Pracovní doba a pravidla – Administrace",
    description:
      "Kdy si lze rezervovat setkání, a soukromý kalendář rezervací, jen pro administrátory.",
    path: paths.adminBookingSettings,
    noIndex: true,
  });

export async function clientLoader() {
  const { email, accessToken } = await requireAdminSession();
  try {
    const [settings, offers, feedAddress] = await Promise.all([
      fetchBookingSettings(accessToken),
      fetchContentEntry(accessToken, "offers").then((entry) => entry.published.offers),
      // Without its address, the rules can still be edited.
      fetchCalendarFeedAddress(accessToken).catch(() => null),
    ]);
    const data: BookingSettingsData = { settings, offers, feedAddress };
    return { email, data };
  } catch {
    return { email, data: null };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminBookingSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <BookingSettingsScreen key={loaderData.email} email={loaderData.email} data={loaderData.data} />
  );
}
