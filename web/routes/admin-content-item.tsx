import { data } from "react-router";
import { isOfferIdForm } from "#shared/content/offer-ids";
import { paths } from "#shared/routes";
import { keyOfSlug } from "~/components/admin/content-editor";
import { type ContentItemData, ContentItemScreen } from "~/components/admin/content-screens";
import { sectionForms } from "~/components/admin/content-section-form";
import { fetchContentEntry, fetchContentRevisions } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-content-item";

export const meta = () =>
  pageMeta({
    title: "Obsah – Administrace",
    description: "Úprava textů a nabídky webu, jen pro administrátory.",
    path: paths.adminContent,
    noIndex: true,
  });

const notFound = () => data(null, { status: 404 }) as never;

/** Her offers as the site shows their names, then those she retired: what a review is about. */
async function fetchPublishedOffers(accessToken: string) {
  const { offers, retired } = (await fetchContentEntry(accessToken, "offers")).published;
  return [...offers, ...retired.map((offer) => ({ ...offer, name: `${offer.name} (vyřazená)` }))];
}

/** One item (/admin/obsah/uvod), or one offer of the list (/admin/obsah/nabidka/consultation). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const key = keyOfSlug(params.item);
  const offerId = isOfferIdForm(params.offer) ? params.offer : undefined;
  if (!key || (params.offer !== undefined && (key !== "offers" || !offerId))) throw notFound();
  const { email, accessToken } = await requireAdminSession();
  try {
    const [entry, { revisions }] = await Promise.all([
      fetchContentEntry(accessToken, key),
      fetchContentRevisions(accessToken, key),
    ]);
    const item = (
      key === "offers"
        ? { kind: key, entry, revisions, offerId }
        : key === "reviews"
          ? { kind: key, entry, revisions, offers: await fetchPublishedOffers(accessToken) }
          : sectionForms[key]
            ? { kind: "sections", entry, revisions }
            : { kind: key, entry, revisions }
    ) as ContentItemData;
    return { email, item };
  } catch {
    return { email, item: null };
  }
}

export default function AdminContentItemPage({ loaderData, params }: Route.ComponentProps) {
  return (
    <ContentItemScreen
      // A new screen, not the last one's state, for every item and offer.
      key={`${loaderData.email} ${params.item} ${params.offer ?? ""}`}
      email={loaderData.email}
      item={loaderData.item}
    />
  );
}
