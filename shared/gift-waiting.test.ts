import { describe, expect, it } from "vitest";
import { successMessages } from "./form-schemas";
import {
  formatDuration,
  giftWaitingNotices,
  peopleWaiting,
  waitingGiftSubject,
} from "./gift-waiting";

describe("what the site says of a gift that waits", () => {
  it("counts people in the Czech plural: 1 člověk čeká, 2–4 lidé čekají, 5 and more lidí čeká", () => {
    expect([1, 2, 4, 5, 11, 21, 22, 25].map(peopleWaiting)).toEqual([
      "1\u00a0člověk čeká",
      "2\u00a0lidé čekají",
      "4\u00a0lidé čekají",
      "5\u00a0lidí čeká",
      "11\u00a0lidí čeká",
      "21\u00a0lidí čeká",
      "22\u00a0lidí čeká",
      "25\u00a0lidí čeká",
    ]);
    expect(waitingGiftSubject("gift_ritual", 3)).toBe(
      "3\u00a0lidé čekají na rituál – nahrajte video",
    );
  });

  it("gives a material's length as it is: seconds under a minute, else minutes, rounded ones with „asi“", () => {
    expect([1, 3, 3.04, 5, 42, 360, 380, 90, 61].map(formatDuration)).toEqual([
      "1\u00a0sekunda",
      "3\u00a0sekundy",
      "3\u00a0sekundy",
      "5\u00a0sekund",
      "42\u00a0sekund",
      "6\u00a0minut",
      "asi 6\u00a0minut",
      "asi 2\u00a0minuty",
      "asi 1\u00a0minuta",
    ]);
  });

  it("speaks on the gift page with „ty“ in lowercase, and after the specification's „Ti brzy pošleme“ with no pronoun at all", () => {
    const capital = /\b(Ti|Tě|Tebe|Tobě|Tvůj|Tvoje|Tvou)\b/u;
    const lowercase = /\b(ti|tě|tebe|tobě|tvůj|tvoje|tvou)\b/u;
    for (const notices of Object.values(giftWaitingNotices)) {
      expect(notices.beforeSending).not.toMatch(capital);
      expect(notices.afterSending).not.toMatch(capital);
      expect(notices.afterSending).not.toMatch(lowercase);
    }
    expect(giftWaitingNotices.gift_ritual.beforeSending).toContain("pošlu ti ho hned");
    expect(successMessages.gift_ritual).toContain(" Ti ");
  });
});
