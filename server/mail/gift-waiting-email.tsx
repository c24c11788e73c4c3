import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import type { GiftFormType } from "#shared/form-schemas";
import { waitingGiftSubject } from "#shared/gift-waiting";
import { placeLabels } from "#shared/materials";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, textStyle } from "./email-layout";
import { defineMailKind } from "./mail-kind";

/** What the owner is told while a gift has no material and people wait for it. */
export function GiftWaitingEmail({
  gift,
  waiting,
  siteUrl,
}: {
  gift: GiftFormType;
  waiting: number;
  siteUrl: string;
}) {
  const subject = waitingGiftSubject(gift, waiting);
  const material = gift === "gift_ritual" ? "video" : "návod";
  return (
    <EmailLayout
      preview={subject}
      heading={subject}
      siteUrl={siteUrl}
      footer={czech(
        "Dokud dárek nemá materiál, přijde toto upozornění nejvýš jednou denně, s počtem těch, kdo čekají.",
      )}
    >
      <Text style={textStyle}>
        {czech(
          `Lidé o dárek na webu žádají, ale ${material} k němu v administraci zatím není, a tak e-maily s odkazem čekají. Jakmile ho v „Materiálech“ přidáte do části „${placeLabels[gift]}“, odejdou všem čekajícím samy.`,
        )}
      </Text>
      <Text style={textStyle}>
        {czech("Kdo čeká déle než dva dny, dostane krátkou zprávu, že dárek je na cestě.")}
      </Text>
      <EmailButton href={`${siteUrl}${paths.adminMaterials}`}>Otevřít materiály</EmailButton>
    </EmailLayout>
  );
}

/** To the owner: people wait for a gift that has no material (at most one a day, `waiting-gift-mail.ts`). */
export const giftWaitingMail = defineMailKind({
  name: "gift_waiting",
  dataSchema: z.object({
    gift: z.enum(["gift_ritual", "gift_fragrance"]),
    waiting: z.number().int().positive(),
    siteUrl: z.string(),
  }),
  subject: (data) => waitingGiftSubject(data.gift, data.waiting),
  render: (data) => createElement(GiftWaitingEmail, data),
});
