import { Gift } from "lucide-react";
import { lazy } from "react";
import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { EmailLink } from "~/components/email-link";
import { readRefusedForm } from "~/components/forms/submitted-form";
import { fragranceId, ritualId } from "~/components/gift/gift-ids";
import { GiftOffer } from "~/components/gift/gift-offer";
import { FragrancePoster, RitualPoster } from "~/components/gift/gift-posters";
import { PageHero } from "~/components/page-hero";
import { Blossom } from "~/components/ui/botanical";
import { buttonClasses } from "~/components/ui/button";
import { readContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";
import { useSiteOperator } from "~/lib/site-operator";
import { czech, typeset } from "~/lib/typography";
import { LoadWhenNear } from "~/progressive/load-when-near";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/gift";

export const meta = () =>
  pageMeta({
    title: "Dárek zdarma",
    description: czech(
      "Dva dárky zdarma: video s každodenním minutovým rituálem a návod, jak si vytvořit osobní vůni. Stačí jméno a e-mail a pošlu ti je.",
    ),
    path: paths.gift,
  });

// The forms' code (react-hook-form, zod) loads when the visitor nears a form.
const GiftForm = lazy(() =>
  import("~/components/forms/gift-form").then((module) => ({ default: module.GiftForm })),
);

// What each gift is and what she gets is text: on the pre-rendered page it needs no JavaScript
// (see StaticPart). The forms beside it are live.
const ritualAbout = deferredPart(() =>
  import("~/components/gift/gift-about").then((module) => module.RitualAbout),
);
const fragranceAbout = deferredPart(() =>
  import("~/components/gift/gift-about").then((module) => module.FragranceAbout),
);

/**
 * Runs when the page is rendered, never in the browser: her newsletter's line, and a gift form
 * the server refused when it came without scripts (its answer is this page rendered with it).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    refused: {
      gift_ritual: readRefusedForm(context, "gift_ritual"),
      gift_fragrance: readRefusedForm(context, "gift_fragrance"),
    },
    // Beside the forms' newsletter box: what she sends and how often.
    newsletterOffer: (await readContent(context).read("newsletter")).offer,
  };
}
/**
 * Before a client-side navigation here: the rendered loader data (her newsletter's line) and the
 * static parts' code, so that the page comes whole in its first frame.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    ...[ritualAbout, fragranceAbout].map((part) => part.preload()),
  ]);
  return data;
}

const gifts = [
  {
    href: `#${ritualId}`,
    title: "Minutový rituál pro každý den",
    note: "video, krok za krokem",
  },
  {
    href: `#${fragranceId}`,
    title: "Návod na osobní vůni",
    note: "recepty a postup krok za krokem",
  },
] as const;

export default function GiftPage({ loaderData }: Route.ComponentProps) {
  const { refused } = loaderData;
  const operator = useSiteOperator();
  return (
    <main id="obsah">
      <PageHero
        eyebrow="Dárek zdarma"
        title="Dárek pro tebe"
        lead={
          <p>
            {typeset(
              "Péče o sebe nemusí zabrat hodiny ani stát peníze. Připravila jsem pro tebe dva dárky zdarma – vyber si jeden, nebo si nech poslat oba. Stačí vyplnit jméno a e-mail a já ti je pošlu.",
            )}
          </p>
        }
        aside={
          <nav
            aria-label="Dárky na této stránce"
            className="relative rounded-[2rem] bg-cream p-6 shadow-lifted ring-1 ring-bark/10 sm:p-8"
          >
            <Blossom className="absolute -top-5 -right-3 w-12 text-terracotta" />
            <p className="flex items-center gap-3 font-serif text-xl font-semibold text-bark">
              <span className="flex size-11 items-center justify-center rounded-full bg-terracotta-dark text-cream">
                <Gift aria-hidden="true" className="size-5" />
              </span>
              {typeset("Co pro tebe mám")}
            </p>
            <ol className="mt-6 space-y-3">
              {gifts.map((gift, index) => (
                <li key={gift.href}>
                  <a
                    href={gift.href}
                    className="flex min-h-11 items-center gap-4 rounded-2xl bg-sand/50 px-4 py-3 transition-colors hover:bg-sand"
                  >
                    <span className="font-serif text-3xl font-semibold text-terracotta-dark">
                      {index + 1}
                    </span>
                    <span>
                      <span className="block font-semibold text-bark">{typeset(gift.title)}</span>
                      <span className="block text-sm text-bark-soft">{typeset(gift.note)}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        }
      />

      <GiftOffer
        id={ritualId}
        tone="sand"
        about={<StaticPart name="gift-ritual" part={ritualAbout} />}
        poster={<RitualPoster />}
        formTitle="Chci minutový rituál"
        formIntro="Vyplň jméno a e-mail a odkaz na video ti přijde do schránky."
        form={
          <LoadWhenNear name="gift_ritual">
            <GiftForm
              formType="gift_ritual"
              submitted={refused.gift_ritual ?? undefined}
              newsletterOffer={loaderData.newsletterOffer}
            />
          </LoadWhenNear>
        }
      />

      <GiftOffer
        id={fragranceId}
        tone="cream"
        about={<StaticPart name="gift-fragrance" part={fragranceAbout} />}
        poster={<FragrancePoster />}
        formTitle="Chci návod na osobní vůni"
        formIntro="Vyplň jméno a e-mail a návod ti přijde do schránky."
        form={
          <LoadWhenNear name="gift_fragrance">
            <GiftForm
              formType="gift_fragrance"
              submitted={refused.gift_fragrance ?? undefined}
              newsletterOffer={loaderData.newsletterOffer}
            />
          </LoadWhenNear>
        }
      />

      <section
        aria-labelledby="po-darku-heading"
        className="bg-sage-light/70 px-5 py-16 text-center sm:px-8 sm:py-20"
      >
        <div className="mx-auto max-w-2xl">
          <h2 id="po-darku-heading" className="text-3xl font-semibold text-bark sm:text-4xl">
            {typeset("Tvůj e-mail je u mě v bezpečí")}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-bark-soft">
            {typeset(
              "Tvoje jméno a e-mail použiju jen k tomu, abych ti poslala dárek, a nikomu je nepředám. Kdyby dárek nedorazil, napiš mi na",
            )}{" "}
            <EmailLink
              address={operator.email}
              className="font-semibold text-moss-dark underline underline-offset-4"
            />
            .
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <BackHomeLink look="button" />
            <a href={`#${ritualId}`} className={buttonClasses("ghost")}>
              Zpět na první dárek
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
