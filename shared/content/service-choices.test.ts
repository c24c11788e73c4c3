/**
 * The contact form's „Služba“ comes from her offers: by default the specification's labels in
 * its order, then „Ostatní“; an offer she renames in the form or hides follows. An offer's
 * name in the form is checked like her other texts.
 */
import { describe, expect, it } from "vitest";
import { offersSchema } from "./content-schemas";
import { contentSeed } from "./content-seed";
import { serviceChoices } from "./service-choices";

describe("the contact form's service choices", () => {
  it("are the specification's labels by default, in its order, then „Ostatní“", () => {
    expect(serviceChoices(contentSeed.offers.offers)).toEqual([
      { value: "consultation", label: "Harmonizační setkání" },
      { value: "products", label: "Přírodní produkty" },
      { value: "course", label: "Online kurz" },
      { value: "workshop", label: "Skupinový workshop" },
      { value: "other", label: "Ostatní" },
    ]);
  });

  it("follow her offers: a name she gives the form, an offer she hides", () => {
    const offers = structuredClone(contentSeed.offers.offers).map((offer) =>
      offer.id === "course"
        ? { ...offer, shown: false }
        : offer.id === "workshop"
          ? { ...offer, formLabel: "Kruh žen" }
          : offer,
    );
    expect(serviceChoices(offers).map(({ label }) => label)).toEqual([
      "Harmonizační setkání",
      "Přírodní produkty",
      "Kruh žen",
      "Ostatní",
    ]);
  });

  it("refuses an offer's name in the form that is empty, too long or on two lines", () => {
    const messages = ["", "a".repeat(81), "Kruh\nžen", undefined].map((formLabel) => {
      const offers = structuredClone(contentSeed.offers);
      const [first] = offers.offers;
      if (!first) throw new Error("no offer");
      first.formLabel = formLabel as string;
      const parsed = offersSchema.safeParse(offers);
      return parsed.success
        ? null
        : parsed.error.issues.map(({ path, message }) => [path.join("."), message]);
    });
    expect(messages).toEqual([
      [["offers.0.formLabel", "Vyplňte prosím název v kontaktním formuláři."]],
      [["offers.0.formLabel", "Název v kontaktním formuláři může mít nejvýše 80 znaků."]],
      [
        [
          "offers.0.formLabel",
          "Název v kontaktním formuláři se musí vejít na jeden řádek (bez Enteru) a nesmí obsahovat neviditelné znaky.",
        ],
      ],
      [["offers.0.formLabel", "Vyplňte prosím název v kontaktním formuláři."]],
    ]);
  });
});
