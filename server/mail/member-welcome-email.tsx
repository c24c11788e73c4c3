import { Text } from "@react-email/text";
import { createElement } from "react";
import { formatGreeting } from "#shared/greeting-name";
import { memberAreaAnchor, paths } from "#shared/routes";
import { site } from "#shared/site";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, Signature, textStyle } from "./email-layout";
import { defineMailKind, type GreetedMail, greetedMailSchema } from "./mail-kind";

export const memberWelcomeSubject = `Členská sekce je pro vás otevřená – ${site.title}`;

/**
 * To an account the moment it is given the members' role (on „Uživatelé a
 * role“ or with `npm run admin -- grant <email> member`): she is let in, and
 * the button leads to her area. In the practitioner's voice, formal „vy“, as
 * the members' page speaks.
 */
export function MemberWelcomeEmail({ fullName, siteUrl }: GreetedMail) {
  return (
    <EmailLayout
      preview={czech("Otevřela jsem vám členskou sekci, materiály na vás čekají.")}
      heading="Vítejte v členské sekci"
      siteUrl={siteUrl}
      footer={czech(
        "Tento e-mail přišel, protože jsem vašemu účtu na webu otevřela členskou sekci. Pokud o účtu nevíte, napište mi prosím v odpovědi.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Dobrý den", fullName)}</Text>
      <Text style={textStyle}>
        {czech(
          "ráda vám dávám vědět, že jsem vám otevřela členskou sekci. Najdete v ní nahrávky meditací, videa a materiály ke stažení, které pro vás postupně doplňuji.",
        )}
      </Text>
      <Text style={textStyle}>
        {czech(
          "Přihlásíte se stejným e-mailem a heslem jako při registraci. Kdyby vám cokoli nebylo jasné, stačí odpovědět na tento e-mail.",
        )}
      </Text>
      <EmailButton href={`${siteUrl}${paths.members}#${memberAreaAnchor}`}>
        Otevřít členskou sekci
      </EmailButton>
      <Signature />
    </EmailLayout>
  );
}

/** To a new member: the members' section is open to her. */
export const memberWelcomeMail = defineMailKind({
  name: "member_welcome",
  dataSchema: greetedMailSchema,
  subject: () => memberWelcomeSubject,
  render: (data) => createElement(MemberWelcomeEmail, data),
});
