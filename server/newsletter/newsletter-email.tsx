import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { formatGreeting } from "#shared/greeting-name";
import { newsletterSources } from "#shared/newsletter";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, Signature, textStyle } from "../mail/email-layout";
import { defineMailKind, fullNameSchema } from "../mail/mail-kind";

const confirmationDataSchema = z.object({
  name: fullNameSchema,
  source: z.enum(newsletterSources),
  link: z.string(),
  siteUrl: z.string(),
});
export type ConfirmationData = z.output<typeof confirmationDataSchema>;

/**
 * The double opt-in's one e-mail: until its button is pressed nothing else goes to the address.
 * A sign-up from a gift form speaks with „ty“ (as the gift e-mail beside it), from the blog with „vy“.
 */
const confirmationTexts = {
  ty: {
    subject: "Potvrď prosím odběr novinek",
    intro:
      "děkuji, že chceš dostávat moje novinky. Stačí odběr potvrdit a budu Ti psát – zhruba jednou za měsíc.",
    button: "Ano, chci novinky",
    fallback: "Kdyby tlačítko nefungovalo, zkopíruj si do prohlížeče tento odkaz:",
    validity: "Odkaz platí 7 dní.",
    footer:
      "Tento e-mail Ti přišel, protože někdo zadal Tvou adresu do přihlášení k odběru novinek. Pokud to nebylo s Tvým vědomím, nic nedělej – bez potvrzení Ti nic dalšího posílat nebudu.",
  },
  vy: {
    subject: "Potvrďte prosím odběr novinek",
    intro:
      "děkuji, že chcete dostávat moje novinky. Stačí odběr potvrdit a budu vám psát – zhruba jednou za měsíc.",
    button: "Ano, chci novinky",
    fallback: "Kdyby tlačítko nefungovalo, zkopírujte si do prohlížeče tento odkaz:",
    validity: "Odkaz platí 7 dní.",
    footer:
      "Tento e-mail vám přišel, protože někdo zadal vaši adresu do přihlášení k odběru novinek. Pokud to nebylo s vaším vědomím, nic nedělejte – bez potvrzení vám nic dalšího posílat nebudu.",
  },
} as const;

function textsOf(source: ConfirmationData["source"]) {
  return source === "blog" ? confirmationTexts.vy : confirmationTexts.ty;
}

export function NewsletterConfirmationEmail({ name, source, link, siteUrl }: ConfirmationData) {
  const texts = textsOf(source);
  return (
    <EmailLayout
      preview={texts.subject}
      heading="Potvrzení odběru novinek"
      siteUrl={siteUrl}
      footer={czech(texts.footer)}
    >
      <Text style={textStyle}>{formatGreeting("Krásný den", name)}</Text>
      <Text style={textStyle}>{czech(texts.intro)}</Text>
      <EmailButton href={link}>{texts.button}</EmailButton>
      <Text style={{ ...textStyle, fontSize: "14px" }}>
        {czech(`${texts.validity} ${texts.fallback}`)} <Link href={link}>{link}</Link>
      </Text>
      <Signature />
    </EmailLayout>
  );
}

/** The confirmation link is a credential until it is sent (it subscribes the address). */
export const newsletterConfirmationMail = defineMailKind({
  name: "newsletter_confirmation",
  dataSchema: confirmationDataSchema,
  subject: (data) => textsOf(data.source).subject,
  render: (data) => createElement(NewsletterConfirmationEmail, data),
  secretLinks: ["link"],
});
