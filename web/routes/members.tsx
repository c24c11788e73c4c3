import { BookOpen, Download, Gift, Headphones, LogIn, Sprout } from "lucide-react";
import { authStorageKey } from "#shared/auth-storage-key";
import { memberAreaAnchor, paths } from "#shared/routes";
import { useMemberAreaStatus } from "~/components/members/area-status";
import { PageHero } from "~/components/page-hero";
import { LeafSprig } from "~/components/ui/botanical";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { czech } from "~/lib/typography";
import { LoadOnUse } from "~/progressive/load-on-use";
import { deferredPart, noLoaderData, preloadingParts, StaticPart } from "~/progressive/static-part";

export const meta = () =>
  pageMeta({
    title: "Členská sekce",
    description: czech(
      "Členská sekce s nahrávkami meditací, materiály ke stažení a obsahem online kurzů, které postupně přibývají. Tady se také přihlásíte ke svému účtu.",
    ),
    path: paths.members,
  });

// The members' sign-in and materials, with the session library: loaded only
// when the visitor uses the form, or at once when a session is stored.
const memberArea = deferredPart(() =>
  import("~/components/members/member-area").then((module) => module.MemberArea),
);

// What the section will hold is text and links: on the pre-rendered page it needs no
// JavaScript (see StaticPart).
const membersContent = deferredPart(() =>
  import("~/components/members/members-content").then((module) => module.MembersContent),
);

export const loader = noLoaderData;
export const clientLoader = preloadingParts(membersContent);

/**
 * A session for the members' area, read without the library: kept by this browser (from this
 * page or the sign-in page), or brought in the address by her recovery or confirmation link.
 */
function hasSession(): boolean {
  if (new URLSearchParams(location.hash.slice(1)).has("access_token")) return true;
  try {
    return localStorage.getItem(authStorageKey(location.hostname)) !== null;
  } catch {
    return false;
  }
}

const memberAreaId = memberAreaAnchor;

/** The hero's way to the members' area, named for what waits there once it has looked. */
function MemberAreaLink() {
  const status = useMemberAreaStatus();
  const [Icon, label] =
    status === "member"
      ? [BookOpen, "Vaše materiály"]
      : status === "no-role"
        ? [LogIn, "Přístup do členské sekce"]
        : [LogIn, "Přihlásit se"];
  return (
    <a href={`#${memberAreaId}`} className={buttonClasses("primary")}>
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </a>
  );
}

const teasers = [
  { icon: Headphones, label: "meditace", position: "top-[12%] -left-2 sm:-left-6" },
  { icon: BookOpen, label: "kurzy", position: "top-[46%] -right-2 sm:-right-6" },
  { icon: Download, label: "materiály", position: "bottom-[10%] left-[8%]" },
] as const;

export default function MembersPage() {
  return (
    <main id="obsah">
      <PageHero
        eyebrow="Prostor jen pro vás"
        title="Členská sekce"
        lead={
          <>
            <p>
              {czech(
                "Místo pro nahrávky meditací, materiály ke stažení a obsah online kurzů. Postupně ho pro vás s láskou doplňuji.",
              )}
            </p>
            <p className="inline-flex items-center gap-2 rounded-full bg-cream px-4 py-2 text-base font-semibold text-terracotta-dark ring-1 ring-terracotta/40">
              <Sprout aria-hidden="true" className="size-5" />
              {czech("Materiály přibývají postupně")}
            </p>
          </>
        }
        actions={
          <>
            <MemberAreaLink />
            <ButtonLink to={paths.gift} variant="secondary">
              <Gift aria-hidden="true" className="size-5" />
              Získat dárek zdarma
            </ButtonLink>
          </>
        }
        aside={
          // Decorative: the same offer is written out in the section below.
          <div
            aria-hidden="true"
            className="relative mx-auto hidden aspect-square w-full max-w-sm items-center justify-center lg:flex"
          >
            <div className="absolute inset-0 rounded-full bg-linear-to-br from-sage-light via-sand to-[#efc9a8]" />
            <div className="absolute inset-8 rounded-full border-2 border-dashed border-moss/30" />
            <LeafSprig className="relative w-1/2 text-moss-dark" />
            {teasers.map(({ icon: Icon, label, position }) => (
              <span
                key={label}
                className={`absolute flex items-center gap-2 rounded-full bg-cream px-3.5 py-2 text-sm font-semibold text-bark shadow-soft ${position}`}
              >
                <Icon className="size-4 text-terracotta-dark" />
                {label}
              </span>
            ))}
          </div>
        }
      />
      <section
        id={memberAreaId}
        aria-labelledby="clenstvi-heading"
        className="scroll-mt-20 bg-cream px-5 py-16 sm:px-8 sm:py-24"
      >
        <LoadOnUse name="member-area" part={memberArea} wakeIf={hasSession} />
      </section>
      <StaticPart name="members-content" part={membersContent} />
    </main>
  );
}
