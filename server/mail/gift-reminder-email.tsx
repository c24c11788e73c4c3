import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import type { GiftFormType } from "#shared/form-schemas";
import { formatGreeting } from "#shared/greeting-name";
import { czech } from "#shared/typography";
import { EmailLayout, Signature, textStyle } from "./email-layout";
import { defineMailKind } from "./mail-kind";

/** What the reminder says of each gift; „ty“, as in the gift e-mails. */
const reminderContent = {
  gift_ritual: {
    what: "video s rituálem, které jsem Ti slíbila, ještě dokončuji. Nezapomněla jsem na Tebe: jakmile bude hotové, pošlu Ti na tuto adresu odkaz – nemusíš nic dělat.",
  },
  gift_fragrance: {
    what: "návod na osobní vůni, který jsem Ti slíbila, ještě dokončuji. Nezapomněla jsem na Tebe: jakmile bude hotový, pošlu Ti ho na tuto adresu – nemusíš nic dělat.",
  },
} as const satisfies Record<GiftFormType, Record<string, string>>;

export const giftReminderSubject = "Tvůj dárek je na cestě";

/** To a visitor whose gift has waited two days for its material: once, short and personal. */
export function GiftReminderEmail({
  formType,
  name,
  siteUrl,
}: {
  formType: GiftFormType;
  name: string;
  siteUrl: string;
}) {
  return (
    <EmailLayout
      preview={giftReminderSubject}
      heading={giftReminderSubject}
      siteUrl={siteUrl}
      footer={czech(
        "Tento e-mail Ti přišel, protože byl na webu vyplněn formulář pro dárek s Tvou adresou. Pokud o dárek nestojíš, stačí e-mail smazat.",
      )}
    >
      <Text style={textStyle}>{formatGreeting("Krásný den", name)}</Text>
      <Text style={textStyle}>{czech(reminderContent[formType].what)}</Text>
      <Text style={textStyle}>{czech("Děkuji Ti za trpělivost.")}</Text>
      <Signature />
    </EmailLayout>
  );
}

/** The reminder, queued once per waiting request (`queueGiftReminders` in outbox.ts). */
export const giftReminderMail = defineMailKind({
  name: "gift_reminder",
  dataSchema: z.object({
    formType: z.enum(["gift_ritual", "gift_fragrance"]),
    name: z.string(),
    siteUrl: z.string(),
  }),
  subject: () => giftReminderSubject,
  render: (data) => createElement(GiftReminderEmail, data),
});
