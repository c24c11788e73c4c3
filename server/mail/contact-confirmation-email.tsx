import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { czech } from "#shared/typography";
import { visitorMailSubjects } from "#shared/visitor-mail";
import { EmailLayout, Signature, textStyle } from "./email-layout";
import { defineMailKind } from "./mail-kind";

export const contactConfirmationSubject = visitorMailSubjects.contact;

/**
 * The short receipt a visitor gets after the contact form, in the site's
 * voice („já“, lowercase „vy“). It goes to whatever address was typed, so it
 * carries nothing the visitor wrote, not even the name (a Czech greeting
 * would need the vocative, which cannot be derived reliably): a stranger
 * cannot use it to send a text of hers to anyone.
 */
export function ContactConfirmationEmail({ siteUrl }: { siteUrl: string }) {
  return (
    <EmailLayout
      preview={czech("Vaše zpráva dorazila, brzy se vám ozvu.")}
      heading="Vaše zpráva dorazila"
      siteUrl={siteUrl}
      footer={czech(
        "Tento e-mail je automatické potvrzení zprávy odeslané kontaktním formulářem na webu. Pokud zpráva nepochází od vás, stačí e-mail smazat.",
      )}
    >
      <Text style={textStyle}>Dobrý den,</Text>
      <Text style={textStyle}>
        {czech(
          "děkuji za vaši zprávu, v pořádku ke mně dorazila. Přečtu si ji a brzy se vám ozvu. Pokud budete chtít cokoli doplnit, stačí odpovědět na tento e-mail.",
        )}
      </Text>
      <Signature />
    </EmailLayout>
  );
}

/** The receipt of a contact form: it quotes nothing the visitor wrote. */
export const contactConfirmationMail = defineMailKind({
  name: "contact_confirmation",
  dataSchema: z.object({ siteUrl: z.string() }),
  subject: () => contactConfirmationSubject,
  render: (data) => createElement(ContactConfirmationEmail, data),
});
