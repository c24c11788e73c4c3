import { Text } from "@react-email/text";
import { createElement } from "react";
import { formatGreeting } from "#shared/greeting-name";
import { paths } from "#shared/routes";
import { site } from "#shared/site";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, Signature, textStyle } from "./email-layout";
import { defineMailKind, type GreetedMail, greetedMailSchema } from "./mail-kind";

export const signUpAttemptSubject = `Registrace s vaší adresou – ${site.title}`;

/**
 * Sent instead of a confirmation when someone registers an address that
 * already has a confirmed account: the sign-up page answers alike for every
 * address, and only the address's owner learns that it has an account.
 * Formal „vy“, as the sign-in page uses.
 */
export function SignUpAttemptEmail({ fullName, siteUrl }: GreetedMail) {
  return (
    <EmailLayout
      preview={czech("Někdo se právě zkusil zaregistrovat s vaší e-mailovou adresou.")}
      heading="Pokus o registraci"
      siteUrl={siteUrl}
      footer={czech(
        "Tento e-mail přišel, protože se na webu někdo zkusil zaregistrovat s adresou, která už účet má. Na vašem účtu se nic nezměnilo.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Dobrý den", fullName)}</Text>
      <Text style={textStyle}>
        {czech(
          "někdo se právě zkusil zaregistrovat s touto e-mailovou adresou. Účet s ní ale už máte, takže žádný nový nevznikl a na tom vašem se nic nezměnilo.",
        )}
      </Text>
      <Text style={textStyle}>
        {czech(
          "Pokud šlo o vás, stačí se přihlásit, a když si heslo nepamatujete, obnovíte si ho na přihlašovací stránce přes „Zapomenuté heslo?“. Pokud o registraci nevíte, nemusíte nic dělat.",
        )}
      </Text>
      <EmailButton href={`${siteUrl}${paths.signIn}`}>Otevřít přihlášení</EmailButton>
      <Signature />
    </EmailLayout>
  );
}

/** To an address that has an account: someone tried to register it. */
export const signUpAttemptMail = defineMailKind({
  name: "sign_up_attempt",
  dataSchema: greetedMailSchema,
  subject: () => signUpAttemptSubject,
  render: (data) => createElement(SignUpAttemptEmail, data),
});
