import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { formatGreeting } from "#shared/greeting-name";
import { paths } from "#shared/routes";
import { site } from "#shared/site";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, pragueTime, Signature, textStyle } from "./email-layout";
import { defineMailKind, fullNameSchema, storedDateSchema } from "./mail-kind";

export const passwordChangedSubject = `Heslo k účtu je změněné – ${site.title}`;

/**
 * Sent to the account's address after every password change (GoTrue's
 * „password changed“ notification): if it was not her, she learns at once
 * and knows what to do. Formal „vy“, as the sign-in page uses.
 */
export function PasswordChangedEmail({
  fullName,
  changedAt,
  siteUrl,
}: {
  fullName: string | null;
  changedAt: Date;
  siteUrl: string;
}) {
  return (
    <EmailLayout
      preview={czech("Heslo k vašemu účtu se právě změnilo.")}
      heading="Heslo je změněné"
      siteUrl={siteUrl}
      footer={czech(
        "Toto upozornění přichází po každé změně hesla k účtu s touto e-mailovou adresou.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Dobrý den", fullName)}</Text>
      <Text style={textStyle}>
        {czech(
          `heslo k vašemu účtu se ${pragueTime.format(changedAt)} změnilo. Ostatní zařízení, na kterých byl účet přihlášený, se tím odhlásila. Pokud o změně víte, nemusíte nic dělat.`,
        )}
      </Text>
      <Text style={textStyle}>
        {czech(
          "Pokud o ní nevíte, nastavte si hned nové heslo: na přihlašovací stránce zvolte „Zapomenuté heslo?“ a přijde vám odkaz. A dejte mi o tom prosím vědět v odpovědi na tento e-mail.",
        )}
      </Text>
      <EmailButton href={`${siteUrl}${paths.signIn}`}>Otevřít přihlášení</EmailButton>
      <Signature />
    </EmailLayout>
  );
}

/** To the account's address: its password has just changed. */
export const passwordChangedMail = defineMailKind({
  name: "password_changed",
  dataSchema: z.object({
    fullName: fullNameSchema,
    changedAt: storedDateSchema,
    siteUrl: z.string(),
  }),
  subject: () => passwordChangedSubject,
  render: (data) => createElement(PasswordChangedEmail, data),
});
