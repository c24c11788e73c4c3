import { Link, Text } from "@react-email/components";
import { site } from "#shared/site";
import { EmailButton, EmailLayout, textStyle } from "./email-layout";

export const passwordRecoverySubject = `Nové heslo k účtu – ${site.title}`;

/** The link to set a new password; formal „vy“, as the sign-in page uses. */
export function PasswordRecoveryEmail({
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
      preview="Odkaz pro nastavení nového hesla, platí jednu hodinu."
      heading="Nastavení nového hesla"
      siteUrl={siteUrl}
      footer="Tento e-mail přišel, protože někdo na webu požádal o nové heslo k účtu s touto adresou. Pokud jste to nebyli vy, nic nedělejte – vaše heslo zůstává beze změny."
    >
      <Text style={textStyle}>{fullName ? `Dobrý den, ${fullName},` : "Dobrý den,"}</Text>
      <Text style={textStyle}>
        požádali jste o nové heslo ke svému účtu. Tlačítkem níže si ho nastavíte. Odkaz platí jednu
        hodinu a lze ho použít jen jednou.
      </Text>
      <EmailButton href={link}>Nastavit nové heslo</EmailButton>
      <Text style={{ ...textStyle, fontSize: "14px" }}>
        Kdyby tlačítko nefungovalo, zkopírujte si do prohlížeče tento odkaz:{" "}
        <Link href={link}>{link}</Link>
      </Text>
    </EmailLayout>
  );
}
