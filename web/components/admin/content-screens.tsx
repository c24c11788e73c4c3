import { ChevronRight, PenLine } from "lucide-react";
import { Link } from "react-router";
import type {
  ContentEntryJson,
  ContentListJson,
  ContentRevision,
} from "#shared/content/content-admin";
import type { ContentKey } from "#shared/content/content-items";
import type { Offer, OfferId } from "#shared/content/content-schemas";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection, ParentScreenLink } from "~/components/admin/admin-section";
import { contentPath } from "~/components/admin/content-editor";
import { OfferEditor, OffersEditor } from "~/components/admin/content-offers";
import { OperatorEditor } from "~/components/admin/content-operator";
import { ReviewsEditor } from "~/components/admin/content-reviews";
import { ScentGuideEditor } from "~/components/admin/content-scent-guide";
import { SectionEditor, sectionForms } from "~/components/admin/content-section-form";
import { PhotosEditor } from "~/components/admin/photo-slots-editor";
import { formatMoment } from "~/components/admin/user-format";
import { typeset } from "~/lib/typography";

const loadFailed = "Obsah se nepodařilo načíst. Zkuste prosím stránku načíst znovu.";

type ContentListItem = ContentListJson["items"][number];

/**
 * „Obsah“ in the order she thinks of her site: its pages as a visitor meets them, then what
 * several pages share (her offers and reviews, photos, her own facts), then the gifts. An item
 * added later and not placed here still shows, under „Další“.
 */
const contentGroups: {
  id: string;
  title: string;
  hint: string;
  keys: readonly ContentKey[];
  articles?: true;
}[] = [
  {
    id: "home",
    title: "Domovská stránka",
    hint: "První obrazovka webu a části pod ní, jak je návštěvnice vidí odshora dolů.",
    keys: ["home-hero", "home-sections"],
  },
  { id: "about", title: "O mně", hint: "Váš příběh a to, jak pracujete.", keys: ["about-page"] },
  {
    id: "harmonisation",
    title: "Harmonizační setkání",
    hint: "Stránka, která setkání popisuje a zve na ně.",
    keys: ["harmonisation-page"],
  },
  {
    id: "blog",
    title: "Blog a články",
    hint: "Úvod stránky s články a samotné články.",
    keys: ["blog-page"],
    articles: true,
  },
  {
    id: "offers",
    title: "Nabídka a recenze",
    hint: "Vaše služby s cenami a slova klientek; ukazují se na více stránkách.",
    keys: ["offers", "reviews"],
  },
  {
    id: "photos",
    title: "Fotky",
    hint: "Knihovna vašich fotek a místa, kde je web ukazuje.",
    keys: ["photos"],
  },
  {
    id: "operator",
    title: "Údaje o provozovateli",
    hint: "Kdo web provozuje a jak vás zastihnout.",
    keys: ["operator"],
  },
  {
    id: "gifts",
    title: "Dárky",
    hint: "Co návštěvnice dostanou zdarma po vyplnění formuláře.",
    keys: ["scent-guide"],
  },
];

function groupItems(items: readonly ContentListItem[]) {
  const placed = new Set<string>(contentGroups.flatMap((group) => group.keys));
  const groups = contentGroups.map((group) => ({
    ...group,
    items: group.keys
      .map((key) => items.find((item) => item.key === key))
      .filter((item) => item !== undefined),
  }));
  const rest = items.filter((item) => !placed.has(item.key));
  if (rest.length > 0) {
    groups.push({ id: "other", title: "Další", hint: "Další části webu.", keys: [], items: rest });
  }
  return groups.filter((group) => group.items.length > 0 || group.articles);
}

/** „Obsah“: what she can edit on her site. */
export function ContentListScreen({
  email,
  list,
}: {
  email: string;
  list: ContentListJson | null;
}) {
  return (
    <AdminFrame email={email}>
      <AdminSection
        headingId="content-heading"
        icon={PenLine}
        title="Obsah webu"
        intro="Texty a nabídku webu upravíte tady. Změny se uloží jako koncept a na webu se ukážou, až je zveřejníte; každou dřívější verzi lze obnovit."
      >
        {list === null ? (
          <p role="alert" className="mt-6 px-2 text-terracotta-dark sm:px-0">
            {typeset(loadFailed)}
          </p>
        ) : (
          <div className="mt-6 grid gap-8">
            {groupItems(list.items).map((group) => (
              <section key={group.title} aria-labelledby={`content-group-${group.id}`}>
                <h3
                  id={`content-group-${group.id}`}
                  className="px-2 text-xl font-semibold text-bark sm:px-0"
                >
                  {group.title}
                </h3>
                <p className="mt-1 px-2 leading-snug text-bark-soft sm:px-0">
                  {typeset(group.hint)}
                </p>
                <ul className="mt-3 grid gap-3 md:grid-cols-2">
                  {group.items.map((item) => (
                    <li key={item.key}>
                      <Link
                        to={contentPath(item.key)}
                        className="flex items-center gap-3 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 transition-colors hover:bg-sage-light/60 sm:p-5"
                      >
                        <div className="min-w-0 flex-1">
                          <p className="text-lg font-semibold text-bark">{item.label}</p>
                          <p className="mt-1 leading-snug text-bark-soft">
                            {typeset(item.description)}
                          </p>
                          <p className="mt-2 text-sm font-semibold text-moss-dark">
                            {item.has_draft
                              ? "Koncept čeká na zveřejnění"
                              : `Zveřejněno ${formatMoment(item.published_at)}`}
                          </p>
                        </div>
                        <ChevronRight
                          aria-hidden="true"
                          className="size-5 shrink-0 text-moss-dark"
                        />
                      </Link>
                    </li>
                  ))}
                  {group.articles && (
                    // Her articles: a list of their own (web/components/admin/article-screens.tsx).
                    <li>
                      <Link
                        to={paths.adminArticles}
                        className="flex items-center gap-3 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 transition-colors hover:bg-sage-light/60 sm:p-5"
                      >
                        <div className="min-w-0 flex-1">
                          <p className="text-lg font-semibold text-bark">Články</p>
                          <p className="mt-1 leading-snug text-bark-soft">
                            {typeset(
                              "Nové články, koncepty, naplánované zveřejnění, fotky v textu a úpravy.",
                            )}
                          </p>
                        </div>
                        <ChevronRight
                          aria-hidden="true"
                          className="size-5 shrink-0 text-moss-dark"
                        />
                      </Link>
                    </li>
                  )}
                </ul>
              </section>
            ))}
          </div>
        )}
      </AdminSection>
    </AdminFrame>
  );
}

export type ContentItemData =
  /** An item edited by a form made from its description (`sectionForms`). */
  | { kind: "sections"; entry: ContentEntryJson; revisions: ContentRevision[] }
  | {
      kind: "offers";
      entry: ContentEntryJson<"offers">;
      revisions: ContentRevision[];
      offerId?: OfferId;
    }
  | { kind: "scent-guide"; entry: ContentEntryJson<"scent-guide">; revisions: ContentRevision[] }
  | {
      kind: "reviews";
      entry: ContentEntryJson<"reviews">;
      revisions: ContentRevision[];
      /** Her published offers: what a review can be about. */
      offers: Offer[];
    }
  | { kind: "operator"; entry: ContentEntryJson<"operator">; revisions: ContentRevision[] }
  | { kind: "photos"; entry: ContentEntryJson<"photos">; revisions: ContentRevision[] };

/** One item's editor in the frame, with the way back to the list. */
export function ContentItemScreen({
  email,
  item,
}: {
  email: string;
  item: ContentItemData | null;
}) {
  return (
    <AdminFrame email={email}>
      <ParentScreenLink to={paths.adminContent}>Obsah webu</ParentScreenLink>
      {item === null ? (
        <p role="alert" className="mt-6 text-terracotta-dark">
          {typeset(loadFailed)}
        </p>
      ) : item.kind === "sections" ? (
        <SectionEditor
          entry={item.entry}
          revisions={item.revisions}
          {...(sectionForms[item.entry.key] as NonNullable<(typeof sectionForms)[ContentKey]>)}
        />
      ) : item.kind === "scent-guide" ? (
        <ScentGuideEditor entry={item.entry} revisions={item.revisions} />
      ) : item.kind === "operator" ? (
        <OperatorEditor entry={item.entry} revisions={item.revisions} />
      ) : item.kind === "reviews" ? (
        <ReviewsEditor entry={item.entry} revisions={item.revisions} offers={item.offers} />
      ) : item.kind === "photos" ? (
        <PhotosEditor entry={item.entry} revisions={item.revisions} />
      ) : item.offerId ? (
        <OfferEditor entry={item.entry} revisions={item.revisions} offerId={item.offerId} />
      ) : (
        <OffersEditor entry={item.entry} revisions={item.revisions} />
      )}
    </AdminFrame>
  );
}
