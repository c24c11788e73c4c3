import { Text } from "@react-email/components";
import { site } from "#shared/site";
import { EmailLayout, MultilineText, Signature, textStyle } from "./email-layout";

export const contactConfirmationSubject = `Děkujeme za Vaši zprávu – ${site.title}`;

/** The short receipt a visitor gets after the contact form; formal „vy“, as the form uses. */
export function ContactConfirmationEmail({
  name,
  message,
  siteUrl,
}: {
  name: string;
  message: string;
  siteUrl: string;
}) {
  return (
    <EmailLayout
      preview="Vaše zpráva dorazila, brzy se Vám ozvu."
      heading="Vaše zpráva dorazila"
      siteUrl={siteUrl}
      footer="Tento e-mail je automatické potvrzení zprávy odeslané kontaktním formulářem na webu."
    >
      <Text style={textStyle}>Dobrý den, {name},</Text>
      <Text style={textStyle}>
        děkuji za Vaši zprávu. Přečtu si ji a brzy se Vám ozvu. Pokud budete chtít cokoli doplnit,
        stačí odpovědět na tento e-mail.
      </Text>
      <Text style={{ ...textStyle, fontSize: "14px", marginBottom: "4px" }}>Vaše zpráva:</Text>
      <MultilineText
        text={message}
        style={{ borderLeft: "3px solid #a3b18a", paddingLeft: "12px" }}
      />
      <Signature />
    </EmailLayout>
  );
}
