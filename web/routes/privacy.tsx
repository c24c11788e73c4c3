import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { formatMonths, type PublicRetentionJson } from "#shared/retention";
import { paths } from "#shared/routes";
import { sessionIdleDays } from "#shared/session-lifetime";
import { BackHomeLink } from "~/components/back-home-link";
import { PageHero } from "~/components/page-hero";
import { List, Paragraph, PrivacySection, sections } from "~/components/privacy/notice";
import type { PrivacyOpeningData } from "~/components/privacy/opening";
import { readContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";
import { czech, typeset } from "~/lib/typography";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/privacy";

/** The day this notice took effect; change it with every change of substance. */
const effectiveDate = { iso: "2026-11-23", text: "23.\u00a0listopadu 2026" };

export const meta = () =>
  pageMeta({
    title: "Zásady ochrany osobních údajů",
    description: czech(
      "Jaké osobní údaje z formulářů a účtů zpracovávám, proč a jak dlouho, kdo k nim má přístup a jaká máte práva. Web nepoužívá cookies ke sledování.",
    ),
    path: paths.privacy,
  });

// The notice's text is text and links: on the pre-rendered page it needs no JavaScript (see
// StaticPart). Only the retention section asks the server, and stays the route's own.
const opening = deferredPart(() =>
  import("~/components/privacy/opening").then((module) => module.PrivacyOpening),
);
const closing = deferredPart(() =>
  import("~/components/privacy/closing").then((module) => module.PrivacyClosing),
);

/** Runs when the page is rendered: who runs the site, as she published it („Údaje o provozovateli“). */
export async function loader({ context }: Route.LoaderArgs): Promise<PrivacyOpeningData> {
  return { operator: await readContent(context).read("operator") };
}

/** Before a client-side navigation: the pre-rendered data and the static parts' code. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), opening.preload(), closing.preload()]);
  return data;
}

export default function PrivacyPage() {
  return (
    <main id="obsah">
      <PageHero
        eyebrow="Vaše údaje u mě"
        title="Zásady ochrany osobních údajů"
        lead={
          <>
            <p>
              {typeset(
                "Údaje, které mi svěříte, používám jen k tomu, kvůli čemu mi je dáváte. Tady srozumitelně popisuji, co o vás vím, proč, jak dlouho a jak mě můžete požádat o jejich opravu nebo smazání.",
              )}
            </p>
            <p className="text-base">
              Platné od <time dateTime={effectiveDate.iso}>{effectiveDate.text}</time>.
            </p>
          </>
        }
        aside={
          <div className="rounded-[2rem] bg-white/85 p-6 shadow-soft ring-1 ring-bark/8 sm:p-8">
            <ShieldCheck aria-hidden="true" className="size-9 text-moss" />
            <p className="mt-4 font-serif text-xl font-semibold text-bark">{typeset("Stručně")}</p>
            <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-bark-soft marker:text-sage">
              <li>
                {typeset(
                  "Žádné sledovací ani reklamní cookies. Návštěvy počítám sama, anonymně a bez cookies.",
                )}
              </li>
              <li>{typeset("Vaše údaje nikomu neprodávám a nepoužívám je k reklamě.")}</li>
              <li>{typeset("Napište mi a řeknu vám, co o vás mám, nebo to smažu.")}</li>
            </ul>
          </div>
        }
      />

      <div className="px-5 pb-20 sm:px-8 sm:pb-28">
        <div className="mx-auto max-w-3xl">
          <StaticPart name="privacy-opening" part={opening} />

          <PrivacySection {...sections.retention}>
            <RetentionRule />
            <List
              items={[
                // Her own practice: the site deletes nothing by itself.
                "Zprávy z kontaktního formuláře a žádosti o dárek mažu nejpozději 3\u00a0roky od naší poslední komunikace. Žádost o dárek smažu dřív, pokud odvoláte souhlas.",
                "E-maily, které web kvůli záznamu odeslal (potvrzení pro vás a upozornění pro mě), jsou uložené spolu s ním a smazáním záznamu zmizí i ony. Upozornění, které mi přijde do e-mailové schránky, mažu podle stejného pravidla.",
                `Účet trvá, dokud ho nezrušíte: napište mi a smažu ho i se vším, co k němu patří. Přihlášení v prohlížeči skončí, když se odhlásíte nebo když ho ${sessionIdleDays}\u00a0dní nepoužijete; spolu s ním se smaže i záznam o prohlížeči a IP adrese, ze které proběhlo.`,
                "Počty pokusů o odeslání formuláře nebo přihlášení a adresa, ze které přišla žádost o kód dvoufázového ověření, se mažou nejpozději po hodině. Síťový blok úspěšného přihlášení si web pamatuje 30\u00a0dní, zařízení (viz cookies níže) nejvýše rok od posledního přihlášení.",
              ]}
            />
            <Paragraph>
              {typeset(
                "Pokud by mi zákon ukládal něco uchovat déle (například doklady k nákupu pro účetnictví), uchovám jen to, co zákon vyžaduje, a jen po stanovenou dobu.",
              )}
            </Paragraph>
          </PrivacySection>

          <StaticPart name="privacy-closing" part={closing} />

          <div className="mt-14">
            <BackHomeLink look="button" />
          </div>
        </div>
      </div>
    </main>
  );
}

/**
 * What the site deletes by itself, as the owner set it in the administration
 * („mazat záznamy starší než N měsíců“, off by default). The pre-rendered page,
 * read without scripts, says what holds either way; the script asks the server.
 */
const retentionTexts = {
  unknown:
    "Zprávy a žádosti o dárek zůstávají v mé administraci, dokud je nesmažu. Pokud mám zapnuté automatické mazání, web navíc jednou denně sám smaže ty, které jsou starší než nastavený počet měsíců. V každém případě mám pevné pravidlo:",
  off: "Web sám zprávy ani žádosti o dárek automaticky nemaže: zůstávají v mé administraci, dokud je nesmažu. Proto mám pevné pravidlo:",
  on: (months: number) =>
    `Web jednou denně sám smaže zprávy a žádosti o dárek starší než ${formatMonths(months)}. Do té doby zůstávají v mé administraci, pokud je nesmažu dřív. Kromě toho mám pevné pravidlo:`,
} as const;

function RetentionRule() {
  const [months, setMonths] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    fetch("/api/retention")
      .then((response) => (response.ok ? (response.json() as Promise<PublicRetentionJson>) : null))
      .then((body) => {
        if (current && body) setMonths(body.months);
      })
      // Unanswered: the text that holds either way stays.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  const state = months === undefined ? "unknown" : months === null ? "off" : "on";
  const text =
    months === undefined
      ? retentionTexts.unknown
      : months === null
        ? retentionTexts.off
        : retentionTexts.on(months);
  return (
    <p className="text-pretty" data-retention-notice={state}>
      {typeset(text)}
    </p>
  );
}
