import { site } from "#shared/site";
import { EmailLink } from "~/components/email-link";
import {
  List,
  linkClasses,
  Paragraph,
  PrivacySection,
  sections,
} from "~/components/privacy/notice";
import { useSiteOperator } from "~/lib/site-operator";
import { typeset } from "~/lib/typography";

const { operator } = site;

/** Who else handles the data, what the browser keeps, the visitor's rights, complaints and changes. */
export function PrivacyClosing() {
  const { email } = useSiteOperator();
  return (
    <>
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
            "Web nepoužívá žádné analytické, reklamní ani sledovací cookies. Písma i obrázky jsou uložené přímo na webu, takže se o vaší návštěvě nedozví nikdo třetí. Proto po vás nechci souhlas s cookies.",
          )}
        </Paragraph>
        <Paragraph>
          {typeset(
            "Abych věděla, které stránky čtete a odkud na web přicházíte, počítá návštěvy web sám – bez cookies, bez ukládání čehokoli do vašeho prohlížeče a bez služeb třetích stran. U každé zobrazené stránky zaznamená její adresu, doménu webu, ze kterého jste přišli, a označení kampaně z odkazu (utm_…). Návštěvníky jednoho dne rozliší podle jednosměrného otisku (hashe) části vaší IP adresy a údaje o prohlížeči, smíchaných s náhodným kódem, který platí jen ten den. Kód se každý den smaže a s ním i otisky, takže je nejde spojit s vámi ani s vaší další návštěvou. Samotnou IP adresu ani údaj o prohlížeči neukládám. Zůstávají jen součty za jednotlivé dny, ze kterých nejde poznat, kdo web navštívil; uchovávám je nejdéle pět let.",
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
          {typeset("Stačí napsat na")} <EmailLink address={email} className={linkClasses} />
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
    </>
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
