import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/routes";
import { NewsletterAdminScreen } from "~/components/newsletter/newsletter-admin-screen";
import { fetchNewsletterSubscribers } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-newsletter";

export const meta = () =>
  pageMeta({
    title: "Novinky – Administrace",
    description: "Odběratelé novinek, jen pro administrátory.",
    path: paths.adminNewsletter,
    noIndex: true,
  });

export async function clientLoader() {
  const { email } = await requireAdminSession();
  try {
    return { email, list: await fetchNewsletterSubscribers() };
  } catch {
    return { email, list: null };
  }
}

// The filter lives in the address: changing it shows the same list, it does not load it again.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminNewsletterPage({ loaderData }: Route.ComponentProps) {
  return (
    <NewsletterAdminScreen
      key={loaderData.email}
      email={loaderData.email}
      initial={loaderData.list}
    />
  );
}
