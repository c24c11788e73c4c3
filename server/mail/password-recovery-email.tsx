import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { formatGreeting } from "#shared/greeting-name";
import { site } from "#shared/site";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, textStyle } from "./email-layout";
import { defineMailKind, fullNameSchema } from "./mail-kind";

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
      preview={czech("Odkaz pro nastavení nového hesla, platí jednu hodinu.")}
      heading="Nastavení nového hesla"
      siteUrl={siteUrl}
      footer={czech(
        "Tento e-mail přišel, protože někdo na webu požádal o nové heslo k účtu s touto adresou. Pokud o nové heslo nežádáte, nic nedělejte – vaše heslo zůstává beze změny.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Dobrý den", fullName)}</Text>
      <Text style={textStyle}>
        {czech(
          "k vašemu účtu přišla žádost o nové heslo. Tlačítkem níže si ho nastavíte. Odkaz platí jednu hodinu a lze ho použít jen jednou.",
        )}
      </Text>
      <EmailButton href={link}>Nastavit nové heslo</EmailButton>
      <Text style={{ ...textStyle, fontSize: "14px" }}>
        {czech("Kdyby tlačítko nefungovalo, zkopírujte si do prohlížeče tento odkaz:")}{" "}
        <Link href={link}>{link}</Link>
      </Text>
    </EmailLayout>
  );
}

/** The link to set a new password: it signs her in, a credential until it is sent. */
export const passwordRecoveryMail = defineMailKind({
  name: "password_recovery",
  dataSchema: z.object({ fullName: fullNameSchema, link: z.string(), siteUrl: z.string() }),
  subject: () => passwordRecoverySubject,
  render: (data) => createElement(PasswordRecoveryEmail, data),
  secretLinks: ["link"],
});
