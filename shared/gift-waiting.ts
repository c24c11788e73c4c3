/**
 * What the site says about a gift that waits for its material, and about how
 * long a material plays: the gift form, its success message and the e-mails
 * read these, so that the page and the mail never disagree. A module without
 * schemas: the gift page loads it.
 */
import type { GiftFormType } from "./form-schemas";

const czechPlural = /* @__PURE__ */ new Intl.PluralRules("cs");

/** The Czech word for `count` of something: one („1 člověk“), few (2–4) or other (0, 5 and more). */
function pluralOf(count: number, forms: { one: string; few: string; other: string }): string {
  const rule = czechPlural.select(count);
  return rule === "one" ? forms.one : rule === "few" ? forms.few : forms.other;
}

/** „1 člověk čeká“, „3 lidé čekají“, „5 lidí čeká“ (with a non-breaking space). */
export function peopleWaiting(count: number): string {
  return `${count}\u00a0${pluralOf(count, {
    one: "člověk čeká",
    few: "lidé čekají",
    other: "lidí čeká",
  })}`;
}

/**
 * How long a material plays, as a sentence's end: „3 sekundy“ under a minute, else whole
 * minutes („6 minut“), with „asi“ when they are rounded („asi 6 minut“ for 6:20).
 */
export function formatDuration(seconds: number): string {
  if (seconds < 59.5) {
    const whole = Math.max(1, Math.round(seconds));
    return `${whole}\u00a0${pluralOf(whole, { one: "sekunda", few: "sekundy", other: "sekund" })}`;
  }
  const minutes = Math.round(seconds / 60);
  const unit = pluralOf(minutes, { one: "minuta", few: "minuty", other: "minut" });
  const rounded = Math.abs(seconds - minutes * 60) >= 1;
  return `${rounded ? "asi " : ""}${minutes}\u00a0${unit}`;
}

/** What the owner's e-mail calls each gift, and what she is asked to add. */
export const waitingGiftWords = {
  gift_ritual: { waitFor: "na rituál", add: "nahrajte video" },
  gift_fragrance: { waitFor: "na návod k osobní vůni", add: "přidejte návod" },
} as const satisfies Record<GiftFormType, Record<string, string>>;

/** The owner's e-mail: „3 lidé čekají na rituál – nahrajte video“. */
export function waitingGiftSubject(gift: GiftFormType, count: number): string {
  const words = waitingGiftWords[gift];
  return `${peopleWaiting(count)} ${words.waitFor} – ${words.add}`;
}

/**
 * What the gift form says while its gift has no material yet (before and after sending):
 * she is told what will happen, in the practitioner's voice („ty“, as on the gift page, in
 * lowercase: a page is for everyone). The notice after sending follows the specification's
 * „Ti brzy pošleme“ in one paragraph, so it needs no pronoun at all.
 */
export const giftWaitingNotices = {
  gift_ritual: {
    beforeSending:
      "Video s rituálem právě dokončuji. Když se přihlásíš už teď, pošlu ti ho hned, jak bude hotové – nemusíš nic dělat. A kdyby to trvalo déle než dva dny, napíšu ti, že na tebe nezapomínám.",
    afterSending:
      "Video ještě dokončuji: odkaz přijde, jakmile bude hotové. Kdyby to trvalo déle než dva dny, mezitím se ozvu.",
  },
  gift_fragrance: {
    beforeSending:
      "Návod na osobní vůni právě dokončuji. Když se přihlásíš už teď, pošlu ti ho hned, jak bude hotový – nemusíš nic dělat. A kdyby to trvalo déle než dva dny, napíšu ti, že na tebe nezapomínám.",
    afterSending:
      "Návod ještě dokončuji: přijde, jakmile bude hotový. Kdyby to trvalo déle než dva dny, mezitím se ozvu.",
  },
} as const satisfies Record<GiftFormType, Record<string, string>>;

/** What `GET /api/gifts` tells the gift page: whether each gift is ready, and how long it plays. */
export type GiftStatusJson = Record<
  GiftFormType,
  { ready: boolean; durationSeconds: number | null }
>;
