import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import type { GiftFormType } from "#shared/form-schemas";
import { formatDuration } from "#shared/gift-waiting";
import { formatGreeting } from "#shared/greeting-name";
import { czech } from "#shared/typography";
import { visitorMailSubjects } from "#shared/visitor-mail";
import { EmailButton, EmailLayout, Signature, textStyle } from "./email-layout";
import { defineMailKind } from "./mail-kind";

/** What each gift e-mail says; the visitor is addressed with „ty“, as on the gift page. */
export const giftContent = {
  gift_ritual: {
    subject: visitorMailSubjects.gift_ritual,
    heading: "Tvůj rituál na každý den",
    intro:
      "děkuji za Tvůj zájem. Posílám slíbený dárek: video s krátkým rituálem, díky kterému se " +
      "můžeš každý den na chvíli zastavit a spojit se s přírodou i se sebou.",
    /** Said before `detail` when the video's length is known (read from its file). */
    length: (duration: string) => `Video trvá ${duration}.`,
    detail:
      "Až si rituál osvojíš, zvládneš ho každý den za jedinou minutu – " +
      "ráno po probuzení, v práci nebo večer před spaním.",
    button: "Pustit si video",
  },
  gift_fragrance: {
    subject: visitorMailSubjects.gift_fragrance,
    heading: "Tvoje osobní vůně",
    intro:
      "děkuji za Tvůj zájem. Posílám slíbený dárek: návod, jak si z přírodních surovin " +
      "vytvořit vlastní osobní vůni.",
    detail:
      "Dopřej si na to klidnou chvíli. Nech se vést vlastním čichem a intuicí – správně je to, " +
      "co je příjemné právě Tobě.",
    length: undefined,
    button: "Otevřít návod",
  },
} as const satisfies Record<GiftFormType, Record<string, unknown>>;

/** Said in a gift e-mail that waited for its gift (`releaseWaitingGiftMail` marks it). */
export const giftWaitApology =
  "Omlouvám se, že dárek přichází až teď – ještě jsem ho pro Tebe dokončovala. Děkuji Ti za trpělivost.";

export function GiftEmail({
  formType,
  name,
  link,
  siteUrl,
  durationSeconds = null,
  waited = false,
}: {
  formType: GiftFormType;
  name: string;
  link: string;
  siteUrl: string;
  /** How long the gift's video plays, from its file; null (or absent): not said. */
  durationSeconds?: number | null;
  /** The e-mail waited for the gift's material: it says so. */
  waited?: boolean;
}) {
  const content = giftContent[formType];
  const length =
    content.length && durationSeconds !== null
      ? `${content.length(formatDuration(durationSeconds))} `
      : "";
  return (
    <EmailLayout
      preview={content.subject}
      heading={content.heading}
      siteUrl={siteUrl}
      footer={czech(
        "Tento e-mail Ti přišel, protože byl na webu vyplněn formulář pro dárek s Tvou adresou. Pokud o dárek nestojíš, stačí e-mail smazat – nic dalšího Ti posílat nebudu.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Krásný den", name)}</Text>
      <Text style={textStyle}>{czech(content.intro)}</Text>
      {waited && <Text style={textStyle}>{czech(giftWaitApology)}</Text>}
      <EmailButton href={link}>{content.button}</EmailButton>
      <Text style={textStyle}>{czech(length + content.detail)}</Text>
      <Text style={{ ...textStyle, fontSize: "14px" }}>
        {czech("Kdyby tlačítko nefungovalo, zkopíruj si do prohlížeče tento odkaz:")}{" "}
        <Link href={link}>{link}</Link>
      </Text>
      <Text style={textStyle}>
        {czech("Máš-li jakoukoli otázku, stačí odpovědět na tento e-mail.")}
      </Text>
      <Signature />
    </EmailLayout>
  );
}

/** The gift itself; its link is the request's own gift page, a credential until it is sent. */
export const giftMail = defineMailKind({
  name: "gift_delivery",
  dataSchema: z.object({
    formType: z.enum(["gift_ritual", "gift_fragrance"]),
    name: z.string(),
    link: z.string(),
    siteUrl: z.string(),
    // Set when the e-mail is composed with its material, or released to it.
    durationSeconds: z.number().nullable().optional(),
    waited: z.boolean().optional(),
  }),
  subject: (data) => giftContent[data.formType].subject,
  render: (data) => createElement(GiftEmail, data),
  secretLinks: ["link"],
});
