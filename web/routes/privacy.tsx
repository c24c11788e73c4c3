import { ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { formatMonths, type PublicRetentionJson } from "#shared/retention";
import { paths, privacyAnchors } from "#shared/routes";
import { site } from "#shared/site";
import { BackHomeLink } from "~/components/back-home-link";
import { EmailLink } from "~/components/email-link";
import { PageHero } from "~/components/page-hero";
import { pageMeta } from "~/lib/seo";
import { czech, typeset } from "~/lib/typography";

/** The day this notice took effect; change it with every change of substance. */
const effectiveDate = { iso: "2026-11-23", text: "23.\u00a0listopadu 2026" };

const { operator } = site;

export const meta = () =>
  pageMeta({
    title: "Zásady ochrany osobních údajů",
    description: czech(
      "Jaké osobní údaje z formulářů a účtů zpracovávám, proč a jak dlouho, kdo k nim má přístup a jaká máte práva. Web nepoužívá cookies ke sledování.",
    ),
    path: paths.privacy,
  });

/** The sections in order, for the table of contents and their anchors. */
const sections = {
  controller: { id: "spravce", title: "Kdo vaše údaje spravuje" },
  purposes: { id: "co-a-proc", title: "Jaké údaje zpracovávám a proč" },
  retention: { id: "jak-dlouho", title: "Jak dlouho údaje uchovávám" },
  recipients: { id: "kdo-k-nim-ma-pristup", title: "Kdo k údajům má přístup" },
  cookies: { id: privacyAnchors.cookies, title: "Cookies a co si ukládá prohlížeč" },
  rights: { id: privacyAnchors.rights, title: "Vaše práva a jak je uplatnit" },
  complaint: { id: "stiznost", title: "Stížnost u dozorového úřadu" },
  changes: { id: "zmeny", title: "Změny těchto zásad" },
} as const;

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
              <li>{typeset("Žádné sledovací ani reklamní cookies, žádné měření návštěvnosti.")}</li>
              <li>{typeset("Vaše údaje nikomu neprodávám a nepoužívám je k reklamě.")}</li>
              <li>{typeset("Napište mi a řeknu vám, co o vás mám, nebo to smažu.")}</li>
            </ul>
          </div>
        }
      />

      <div className="px-5 pb-20 sm:px-8 sm:pb-28">
        <div className="mx-auto max-w-3xl">
          <nav
            aria-labelledby="obsah-zasad-heading"
            className="rounded-[1.75rem] bg-sand/50 p-6 ring-1 ring-bark/5 sm:p-8"
          >
            <h2 id="obsah-zasad-heading" className="font-serif text-xl font-semibold text-bark">
              Obsah
            </h2>
            <ol className="mt-3 grid gap-x-8 sm:grid-cols-2">
              {Object.values(sections).map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="inline-flex min-h-11 items-center font-semibold text-moss-dark underline-offset-4 hover:underline"
                  >
                    {typeset(section.title)}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <PrivacySection {...sections.controller}>
            <Paragraph>
              {typeset(
                `Správkyní vašich osobních údajů jsem já, ${site.ownerName}, ${operator.legalForm} ${operator.register}.`,
              )}
            </Paragraph>
            <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white/70 p-5 ring-1 ring-bark/8 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold text-bark">Jméno</dt>
              <dd>{site.ownerName}</dd>
              <dt className="font-semibold text-bark">IČO</dt>
              <dd>{operator.ico}</dd>
              <dt className="font-semibold text-bark">Sídlo</dt>
              <dd>{typeset(`${operator.seat}, ${site.location.countryName}`)}</dd>
              <dt className="font-semibold text-bark">{typeset("E-mail")}</dt>
              <dd>
                <EmailLink className={linkClasses} />
              </dd>
            </dl>
            <Paragraph>
              {typeset(
                "Pověřence pro ochranu osobních údajů nemám – jako jednotlivá podnikatelka ho mít nemusím. Se vším, co se týká vašich údajů, se obracejte přímo na mě.",
              )}
            </Paragraph>
          </PrivacySection>

          <PrivacySection {...sections.purposes}>
            <Paragraph>
              {typeset(
                "Web má tři formuláře a možnost založit si účet. U každého ukládám jen to, co k jeho účelu potřebuji. Právní základy odkazují na článek\u00a06 odstavec\u00a01 obecného nařízení o ochraně osobních údajů (GDPR).",
              )}
            </Paragraph>

            <Purpose
              title="Kontaktní formulář"
              data="jméno, e-mail, telefon (pokud ho vyplníte), služba, o kterou máte zájem, a vaše zpráva."
              why="Abych vám mohla odpovědět, domluvit s vámi setkání nebo poradit s výběrem. Web vám pošle potvrzení, že zpráva dorazila, a mně upozornění s vaší zprávou."
              basis="písm. b) GDPR – kroky před uzavřením smlouvy, které dělám na vaši žádost. Zaškrtnuté políčko ve formuláři mi potvrzuje, že o tomto zpracování víte."
            />
            <Purpose
              title="Dárky zdarma (rituál a návod na osobní vůni)"
              data="jméno, e-mail a vzkaz, pokud mi nějaký napíšete."
              why="Abych vám mohla poslat dárek, o který si formulářem řeknete. Nic dalšího vám bez vašeho svolení posílat nebudu."
              basis="písm. a) GDPR – váš souhlas, který dáváte zaškrtnutím políčka ve formuláři. Souhlas můžete kdykoli odvolat e-mailem; údaje pak smažu. Odvolání se netýká toho, co proběhlo před ním."
            />
            <Purpose
              title="Účet na webu"
              data="celé jméno, e-mail a heslo. Heslo ukládám jen jako otisk (hash), ze kterého ho nikdo – ani já – nepřečte. K účtu patří i záznamy o přihlášení: kdy proběhlo poslední přihlášení a která přihlášení jsou otevřená."
              why="Aby se vám účet dal používat a aby do něj nemohl nikdo jiný."
              basis="písm. b) GDPR – plnění smlouvy, tedy poskytnutí účtu, který si zakládáte."
            />
            <Purpose
              title="Ochrana webu a účtů před zneužitím"
              data="IP adresa (u adres IPv6 jen její síťový blok) a e-mail zadaný do formuláře nebo přihlášení, spolu s počtem pokusů za krátký čas. U účtu si pamatuji síťový blok, ze kterého proběhlo úspěšné přihlášení."
              why="Aby web nemohl nikdo zahltit zprávami, rozesílat přes něj e-maily cizím lidem nebo hádat hesla. Přihlášení ze známého místa nebo zařízení tak neblokují cizí neúspěšné pokusy."
              basis="písm. f) GDPR – můj oprávněný zájem na bezpečném provozu webu a ochraně vašeho účtu. Proti tomuto zpracování můžete vznést námitku."
            />
          </PrivacySection>

          <PrivacySection {...sections.retention}>
            <RetentionRule />
            <List
              items={[
                // Her own practice: the site deletes nothing by itself.
                "Zprávy z kontaktního formuláře a žádosti o dárek mažu nejpozději 3\u00a0roky od naší poslední komunikace. Žádost o dárek smažu dřív, pokud odvoláte souhlas.",
                "E-maily, které web kvůli záznamu odeslal (potvrzení pro vás a upozornění pro mě), jsou uložené spolu s ním a smazáním záznamu zmizí i ony. Upozornění, které mi přijde do e-mailové schránky, mažu podle stejného pravidla.",
                "Účet trvá, dokud ho nezrušíte: napište mi a smažu ho i se vším, co k němu patří. Otevřená přihlášení končí odhlášením.",
                "Počty pokusů o odeslání formuláře nebo přihlášení se mažou nejpozději po hodině. Síťový blok úspěšného přihlášení si web pamatuje 30\u00a0dní, zařízení (viz cookies níže) nejvýše rok od posledního přihlášení.",
              ]}
            />
            <Paragraph>
              {typeset(
                "Pokud by mi zákon ukládal něco uchovat déle (například doklady k nákupu pro účetnictví), uchovám jen to, co zákon vyžaduje, a jen po stanovenou dobu.",
              )}
            </Paragraph>
          </PrivacySection>

          <PrivacySection {...sections.recipients}>
            <Paragraph>
              {typeset(
                "K vašim údajům mám přístup já. Aby web fungoval, pracují s nimi podle mých pokynů ještě dva druhy zpracovatelů:",
              )}
            </Paragraph>
            <List
              items={[
                "poskytovatel hostingu, na jehož serveru web i jeho databáze běží,",
                "poskytovatel e-mailových služeb, přes kterého web odesílá e-maily.",
              ]}
            />
            <Paragraph>
              {typeset(
                "Oba vybírám tak, aby údaje zpracovávali v Evropské unii, a mám s nimi smlouvu o zpracování osobních údajů. Web sám údaje mimo Evropskou unii nepředává. Nikomu je neprodávám a nepoužívám je k reklamě.",
              )}
            </Paragraph>
          </PrivacySection>

          <PrivacySection {...sections.cookies}>
            <Paragraph>
              {typeset(
                "Web nepoužívá žádné analytické, reklamní ani sledovací cookies a neměří návštěvnost. Písma i obrázky jsou uložené přímo na webu, takže se o vaší návštěvě nedozví nikdo třetí. Proto po vás nechci souhlas s cookies.",
              )}
            </Paragraph>
            <Paragraph>
              {typeset(
                "Při běžném prohlížení stránek a odesílání formulářů web do vašeho prohlížeče nic neukládá. Jen když se přihlásíte ke svému účtu, uloží se tohle:",
              )}
            </Paragraph>
            <dl className="space-y-4">
              <StorageItem
                name="sb-…-auth-token"
                kind="místní úložiště prohlížeče (localStorage)"
                text="Vaše přihlášení, díky kterému se nemusíte přihlašovat na každé stránce znovu. Odhlášením se smaže."
              />
              <StorageItem
                name="harmonie_device"
                kind="cookie, nezbytně nutná"
                text={
                  "Po úspěšném přihlášení ji nastaví server. Obsahuje jen náhodný kód, který prohlížeč posílá výhradně při přihlašování; podle něj web pozná vaše zařízení a nezablokuje vás, když se do účtu někdo jiný snaží dostat hádáním hesla. Platí rok, skripty na stránce ji nepřečtou. Slouží jen k zabezpečení účtu, a proto k ní podle §\u00a089 odst.\u00a03 zákona o elektronických komunikacích nepotřebuji souhlas."
                }
              />
              <StorageItem
                name="flash-notice"
                kind="úložiště relace prohlížeče (sessionStorage)"
                text="Krátké oznámení, které se po přesměrování z administrace zobrazí na další stránce. Po zobrazení se smaže."
              />
            </dl>
          </PrivacySection>

          <PrivacySection {...sections.rights}>
            <Paragraph>{typeset("Kdykoli mě můžete požádat:")}</Paragraph>
            <List
              items={[
                "o přístup – řeknu vám, jaké údaje o vás mám, a pošlu vám jejich kopii,",
                "o opravu – když je něco nepřesné nebo neúplné,",
                "o výmaz – údaje smažu, pokud je nemusím uchovat ze zákona,",
                "o omezení zpracování – údaje ponechám, ale nebudu s nimi nic dělat,",
                "o přenositelnost – údaje, které jsem od vás dostala, vám pošlu ve strojově čitelné podobě.",
              ]}
            />
            <Paragraph>
              {typeset(
                "Dále můžete vznést námitku proti zpracování na základě mého oprávněného zájmu a kdykoli odvolat svůj souhlas.",
              )}
            </Paragraph>
            <Paragraph>
              {typeset("Stačí napsat na")} <EmailLink className={linkClasses} />
              {typeset(
                ". Odpovím bez zbytečného odkladu, nejpozději do měsíce. Abych údaje nevydala někomu jinému, mohu vás požádat o potvrzení z e-mailové adresy, pod kterou je u mě máte.",
              )}
            </Paragraph>
          </PrivacySection>

          <PrivacySection {...sections.complaint}>
            <Paragraph>
              {typeset(
                `Pokud se vám nebude líbit, jak s vašimi údaji zacházím, budu ráda, když mi to napíšete jako první. Máte ale také právo podat stížnost u dozorového úřadu, kterým je ${operator.supervisoryAuthority.name} (${operator.supervisoryAuthority.shortName}), ${operator.supervisoryAuthority.address},`,
              )}{" "}
              <a href={operator.supervisoryAuthority.url} rel="noopener" className={linkClasses}>
                {operator.supervisoryAuthority.url.replace(/^https:\/\//, "")}
              </a>
              .
            </Paragraph>
          </PrivacySection>

          <PrivacySection {...sections.changes}>
            <Paragraph>
              {typeset(
                "Když začnu s údaji zacházet jinak, tyto zásady upravím a změním datum jejich platnosti nahoře na stránce.",
              )}
            </Paragraph>
          </PrivacySection>

          <div className="mt-14">
            <BackHomeLink look="button" />
          </div>
        </div>
      </div>
    </main>
  );
}

const linkClasses =
  "font-semibold text-moss-dark underline decoration-sage underline-offset-4 hover:decoration-moss-dark";

function PrivacySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-14 scroll-mt-28">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-bark sm:text-3xl">
        {typeset(title)}
      </h2>
      <div className="mt-5 space-y-4 text-[1.0625rem] leading-relaxed text-bark-soft">
        {children}
      </div>
    </section>
  );
}

function Paragraph({ children }: { children: ReactNode }) {
  return <p className="text-pretty">{children}</p>;
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

function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-sage">
      {items.map((item) => (
        <li key={item} className="text-pretty">
          {typeset(item)}
        </li>
      ))}
    </ul>
  );
}

/** One form or feature: what it stores, why, and on which legal basis. */
function Purpose({
  title,
  data,
  why,
  basis,
}: {
  title: string;
  data: string;
  why: string;
  basis: string;
}) {
  return (
    <div className="rounded-2xl bg-white/70 p-5 ring-1 ring-bark/8 sm:p-6">
      <h3 className="font-serif text-xl font-semibold text-bark">{typeset(title)}</h3>
      <dl className="mt-3 space-y-2">
        <PurposeLine term="Co ukládám" text={data} />
        <PurposeLine term="Proč" text={why} />
        <PurposeLine term="Právní základ" text={`čl.\u00a06 odst.\u00a01 ${basis}`} />
      </dl>
    </div>
  );
}

function PurposeLine({ term, text }: { term: string; text: string }) {
  return (
    <div>
      <dt className="inline font-semibold text-bark">{term}: </dt>
      <dd className="inline text-pretty">{typeset(text)}</dd>
    </div>
  );
}

/** Something the browser keeps for a signed-in account. */
function StorageItem({ name, kind, text }: { name: string; kind: string; text: string }) {
  return (
    <div className="rounded-2xl bg-white/70 p-5 ring-1 ring-bark/8">
      <dt>
        <code className="font-semibold break-all text-bark">{name}</code>
        <span className="block text-sm text-bark-soft">{typeset(kind)}</span>
      </dt>
      <dd className="mt-2 text-pretty">{typeset(text)}</dd>
    </div>
  );
}
