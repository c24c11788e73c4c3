import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { formatGreeting } from "#shared/greeting-name";
import { site } from "#shared/site";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, textStyle } from "./email-layout";

export const emailConfirmationSubject = `Potvrzení e-mailu – ${site.title}`;

/** Sent at sign-up (and on request): the link proves the address is hers; formal „vy“. */
export function EmailConfirmationEmail({
  fullName,
  link,
  siteUrl,
}: {
  fullName: string | null;
  link: string;
  siteUrl: string;
}) {
  return (
    <EmailLayout
      preview={czech("Potvrďte prosím, že tato e-mailová adresa patří vám.")}
      heading="Potvrzení e-mailové adresy"
      siteUrl={siteUrl}
      footer={czech(
        "Tento e-mail přišel, protože na webu vznikl účet s touto adresou. Pokud o něm nevíte, nic nedělejte – bez potvrzení adresy účet nezíská žádná oprávnění.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Dobrý den", fullName)}</Text>
      <Text style={textStyle}>
        {czech(
          "děkuji za registraci. Přihlásit se můžete hned, jen mi prosím ještě tlačítkem níže potvrďte, že tato e-mailová adresa patří vám. Odkaz platí 24 hodin.",
        )}
      </Text>
      <EmailButton href={link}>Potvrdit e-mail</EmailButton>
      <Text style={{ ...textStyle, fontSize: "14px" }}>
        {czech("Kdyby tlačítko nefungovalo, zkopírujte si do prohlížeče tento odkaz:")}{" "}
        <Link href={link}>{link}</Link>
      </Text>
    </EmailLayout>
  );
}
