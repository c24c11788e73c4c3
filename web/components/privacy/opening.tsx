import { useLoaderData } from "react-router";
import type { Operator } from "#shared/content/operator-content";
import { site } from "#shared/site";
import { EmailLink } from "~/components/email-link";
import { PhoneLink } from "~/components/phone-link";
import { linkClasses, Paragraph, PrivacySection, sections } from "~/components/privacy/notice";
import { typeset } from "~/lib/typography";

/** What the privacy route's loader gives: who runs the site, as she published it. */
export type PrivacyOpeningData = { operator: Operator };

/** The table of contents, who the controller is, and what each form and the account store and why. */
export function PrivacyOpening() {
  const { operator } = useLoaderData<PrivacyOpeningData>();
  return (
    <>
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
            `Správkyní vašich osobních údajů jsem já, ${operator.ownerName}, ${operator.legalForm} ${operator.register}.`,
          )}
        </Paragraph>
        <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white/70 p-5 ring-1 ring-bark/8 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-bark">Jméno</dt>
          <dd>{operator.ownerName}</dd>
          <dt className="font-semibold text-bark">IČO</dt>
          <dd>{operator.ico}</dd>
          <dt className="font-semibold text-bark">Sídlo</dt>
          <dd>{typeset(`${operator.seat}, ${site.location.countryName}`)}</dd>
          <dt className="font-semibold text-bark">{typeset("E-mail")}</dt>
          <dd>
            <EmailLink address={operator.email} className={linkClasses} />
          </dd>
          {operator.phone && (
            <>
              <dt className="font-semibold text-bark">Telefon</dt>
              <dd>
                <PhoneLink phone={operator.phone} className={linkClasses} />
              </dd>
            </>
          )}
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
            "Na webu mi můžete napsat, říct si o dárek, přihlásit se k odběru novinek, zarezervovat si setkání, přihlásit se na akci nebo si založit účet. Pokaždé ukládám jen to, co k danému účelu potřebuji. Právní základy odkazují na článek\u00a06 odstavec\u00a01 obecného nařízení o ochraně osobních údajů (GDPR).",
          )}
        </Paragraph>

        <Purpose
          title="Kontaktní formulář"
          data="jméno, e-mail, telefon (pokud ho vyplníte), službu, o kterou máte zájem, a vaši zprávu."
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
          title="Novinky e-mailem"
          data="e-mail (u dárku i jméno), kdy a přes který formulář přihlášení proběhlo, přesné znění souhlasu a síťový blok IP adresy, ze které souhlas přišel (u IPv4 prvních 24 bitů, u IPv6 prvních 48, nikdy celou adresu)."
          why="Abych vám mohla psát o rituálech, bylinách a setkáních, která chystám – zhruba jednou za měsíc. Dokud přihlášení nepotvrdíte odkazem z e-mailu, nepošlu vám nic dalšího a nepotvrzené přihlášení po 30 dnech smažu. Údaje o souhlasu si nechávám jako jeho doklad."
          basis="písm. a) GDPR – váš souhlas, který dáváte zvláštním, předem nezaškrtnutým políčkem u dárků nebo přihlášením na blogu a potvrzujete odkazem v e-mailu. Odhlásit se můžete kdykoli jedním kliknutím na odkaz v každém dopise nebo e-mailem; pak vám už nic nepošlu. Odvolání se netýká toho, co proběhlo před ním."
        />
        <Purpose
          title="Účet na webu"
          data="celé jméno, e-mail a heslo. Heslo ukládám jen jako otisk (hash), ze kterého ho nikdo – ani já – nepřečte. K účtu patří i záznamy o přihlášení: kdy proběhlo poslední přihlášení a která přihlášení jsou otevřená, u každého s popisem prohlížeče a IP adresou, ze které proběhlo."
          why="Aby se vám účet dal používat a aby do něj nemohl nikdo jiný."
          basis="písm. b) GDPR – plnění smlouvy, tedy poskytnutí účtu, který si zakládáte."
        />
        <Purpose
          title="Ochrana webu a účtů před zneužitím"
          data="IP adresu (u adres IPv6 jen její síťový blok) a e-mail zadaný do formuláře nebo přihlášení, spolu s počtem pokusů za krátký čas. U účtu si pamatuji síťový blok, ze kterého proběhlo úspěšné přihlášení, a při dvoufázovém ověření adresu, ze které přišla žádost o kód (kód musí přijít ze stejné IP adresy)."
          why="Aby web nemohl nikdo zahltit zprávami, rozesílat přes něj e-maily cizím lidem nebo hádat hesla. Přihlášení ze známého místa nebo zařízení tak neblokují cizí neúspěšné pokusy."
          basis="písm. f) GDPR – můj oprávněný zájem na bezpečném provozu webu a ochraně vašeho účtu. Proti tomuto zpracování můžete vznést námitku."
        />
      </PrivacySection>
    </>
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
