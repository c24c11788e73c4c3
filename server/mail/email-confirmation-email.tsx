import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { formatGreeting } from "#shared/greeting-name";
import { site } from "#shared/site";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, textStyle } from "./email-layout";
import { defineMailKind, fullNameSchema } from "./mail-kind";

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
        "Tento e-mail přišel, protože se na webu někdo zaregistroval s touto adresou. Pokud o tom nevíte, nic nedělejte – bez potvrzení adresy se k účtu nikdo nepřihlásí.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Dobrý den", fullName)}</Text>
      <Text style={textStyle}>
        {czech(
          "děkuji za registraci. Tlačítkem níže mi prosím potvrďte, že tato e-mailová adresa patří vám – pak se můžete přihlásit. Odkaz platí 24 hodin.",
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

/** The link that confirms an address: a credential until it is sent. */
export const emailConfirmationMail = defineMailKind({
  name: "email_confirmation",
  dataSchema: z.object({ fullName: fullNameSchema, link: z.string(), siteUrl: z.string() }),
  subject: () => emailConfirmationSubject,
  render: (data) => createElement(EmailConfirmationEmail, data),
  secretLinks: ["link"],
});
