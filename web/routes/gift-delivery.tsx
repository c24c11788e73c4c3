import { FileText, Gift, Mail } from "lucide-react";
import type { GiftJson } from "#shared/materials";
import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { EmailLink } from "~/components/email-link";
import { ScentGuideView } from "~/components/gift/scent-guide-view";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { typesetGuide } from "~/lib/scent-guide";
import { pageMeta } from "~/lib/seo";
import { useSiteOperator } from "~/lib/site-operator";
import { czech } from "~/lib/typography";
import type { Route } from "./+types/gift-delivery";

export const meta = () =>
  pageMeta({
    title: "Tvůj dárek",
    description: "Dárek z webu Harmonie přírody.",
    path: paths.giftDelivery,
    noIndex: true,
  });

type Loaded =
  | { state: "ready"; gift: GiftJson }
  | { state: "invalid" }
  | { state: "revoked" }
  | { state: "failed" };

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Loaded> {
  try {
    const response = await fetch(`/api/gifts/${encodeURIComponent(params.token)}`);
    if (response.status === 404) return { state: "invalid" };
    if (response.status === 410) return { state: "revoked" };
    if (!response.ok) return { state: "failed" };
    return { state: "ready", gift: (await response.json()) as GiftJson };
  } catch {
    return { state: "failed" };
  }
}

const headings = {
  gift_ritual: "Tvůj rituál na každý den",
  gift_fragrance: "Tvoje osobní vůně",
} as const;

/** Why a link opens nothing, said to the person who followed it. */
const refusals = {
  invalid: {
    heading: "Tento odkaz neplatí",
    text: "Odkaz na dárek je neplatný nebo už vypršel. Napiš mi a pošlu ti nový, nebo si o dárek řekni znovu.",
  },
  revoked: {
    heading: "Tento odkaz byl zrušen",
    text: "Odkaz na dárek už neplatí. Napiš mi a pošlu ti nový, nebo si o dárek řekni znovu.",
  },
  failed: {
    heading: "Dárek se nenačetl",
    text: "Něco se pokazilo. Zkus prosím stránku načíst znovu za chvíli.",
  },
} as const;

/**
 * The page each gift e-mail links to: the scent guide itself (the PDF under the same link), or
 * the ritual's video. Only a valid link opens either (decision 0028).
 */
export default function GiftDeliveryPage({ loaderData }: Route.ComponentProps) {
  const guide = loaderData.state === "ready" ? loaderData.gift.guide : undefined;
  if (loaderData.state === "ready" && guide) {
    return (
      <ScentGuideView
        guide={typesetGuide(guide.content)}
        greeting={loaderData.gift.greeting}
        pdfUrl={guide.pdfUrl}
      />
    );
  }
  return (
    <main
      id="main"
      className="relative isolate overflow-hidden bg-linear-to-b from-sand/80 via-cream to-cream px-5 pt-6 pb-20 sm:px-8"
    >
      <LeafSprig className="pointer-events-none absolute -top-6 -right-10 -z-10 w-44 rotate-12 text-sage sm:w-64" />
      <div className="mx-auto max-w-4xl">
        <BackHomeLink className="-ml-1" />
        {loaderData.state === "ready" ? (
          <GiftContent gift={loaderData.gift} />
        ) : (
          <section className="mt-10">
            <h1 className="text-4xl font-semibold text-bark sm:text-5xl">
              {refusals[loaderData.state].heading}
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-bark-soft">
              {czech(refusals[loaderData.state].text)}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to={paths.gift}>
                <Gift aria-hidden="true" className="size-5" />
                Na stránku s dárky
              </ButtonLink>
            </div>
          </section>
        )}
      </div>
      {/* After the content: its place at the bottom is final only once the content above it is there. */}
      <Blossom className="pointer-events-none absolute bottom-2 -left-10 -z-10 w-20 text-terracotta/40 sm:w-24" />
    </main>
  );
}

function GiftContent({ gift }: { gift: GiftJson }) {
  const { email } = useSiteOperator();
  const { material } = gift;
  return (
    <section className="mt-10">
      <h1 className="text-4xl font-semibold text-bark sm:text-5xl">{headings[gift.gift]}</h1>
      {gift.greeting && (
        <p className="mt-6 font-serif text-2xl font-semibold text-bark">{gift.greeting}</p>
      )}
      {!material ? (
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-bark-soft">
          {czech(
            "Dárek pro Tebe právě připravuji. Jakmile bude hotový, pošlu Ti ho e-mailem – nemusíš nic dělat.",
          )}
        </p>
      ) : (
        <>
          <h2 className="mt-6 text-2xl font-semibold text-moss-dark">{material.title}</h2>
          {material.description && (
            <p className="mt-3 max-w-2xl text-lg leading-relaxed text-bark-soft">
              {czech(material.description)}
            </p>
          )}
          <div className="mt-8">
            <MaterialView material={material} />
          </div>
        </>
      )}
      <p className="mt-10 flex items-start gap-2 text-bark-soft">
        <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-moss-dark" />
        <span>
          {czech("Máš-li otázku, napiš mi na")} <EmailLink address={email} />.
        </span>
      </p>
    </section>
  );
}

function MaterialView({ material }: { material: NonNullable<GiftJson["material"]> }) {
  switch (material.kind) {
    case "video":
      return (
        // biome-ignore lint/a11y/useMediaCaption: her own recording; captions come when she uploads them
        <video
          controls
          playsInline
          preload="metadata"
          src={material.url}
          className="aspect-video w-full rounded-[1.5rem] bg-bark shadow-lifted"
        />
      );
    case "audio":
      // biome-ignore lint/a11y/useMediaCaption: a spoken recording of her own, without a transcript yet
      return <audio controls preload="metadata" src={material.url} className="w-full" />;
    case "image":
      return (
        <img
          src={material.url}
          alt={material.title}
          className="w-full rounded-[1.5rem] shadow-soft"
        />
      );
    case "link":
      return (
        <iframe
          src={material.embedUrl}
          title={material.title}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          className="aspect-video w-full rounded-[1.5rem] bg-bark shadow-lifted"
        />
      );
    default:
      return (
        <a href={material.url} className={buttonClasses("primary")}>
          <FileText aria-hidden="true" className="size-5" />
          {material.kind === "guide" ? "Otevřít návod" : "Otevřít PDF"}
        </a>
      );
  }
}
