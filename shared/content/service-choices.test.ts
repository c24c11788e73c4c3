/**
 * The contact form's „Služba“ comes from her offers: by default the specification's labels in
 * its order, then „Ostatní“; an offer she renames in the form or hides follows. An offer's
 * name in the form is checked like her other texts.
 */
import { describe, expect, it } from "vitest";
import { offerIdFromName, offersSchema } from "./content-schemas";
import { contentSeed } from "./content-seed";
import { isServiceChoice, serviceChoices, serviceLabel } from "./service-choices";

describe("the contact form's service choices", () => {
  it("are the specification's labels by default, in its order (not the cards'), then „Ostatní“", () => {
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

describe("her offers as a list she edits (decision 0042)", () => {
  const seed = contentSeed.offers;
  const [first] = seed.offers;
  if (!first) throw new Error("no offer");
  const added = { ...first, id: "kakaovy-ritual-pro-pary", name: "Kakaový rituál pro páry" };
  const issuesOf = (data: unknown) => {
    const parsed = offersSchema.safeParse(data);
    return parsed.success
      ? []
      : parsed.error.issues.map(({ path, message }) => [path.join("."), message]);
  };

  it("accepts a new offer, her order and a retired offer, which the form no longer offers", () => {
    const [products, ...rest] = seed.offers;
    if (!products) throw new Error("no offer");
    const list = { offers: [added, ...rest], retired: [products] };
    expect(issuesOf(list)).toEqual([]);
    // The seeded ones keep the specification's order in the form; hers follow them.
    expect(serviceChoices(list.offers).map(({ value }) => value)).toEqual([
      "consultation",
      "course",
      "workshop",
      "kakaovy-ritual-pro-pary",
      "other",
    ]);
    expect(isServiceChoice(list.offers, "products")).toBe(false);
    expect(isServiceChoice(list.offers, "kakaovy-ritual-pro-pary")).toBe(true);
    // Her inbox still names a message about the retired offer.
    expect(serviceLabel(list, "products")).toBe("Přírodní produkty");
    expect(serviceLabel(list, "other")).toBe("Ostatní");
  });

  it("reads a list stored before retiring existed as one with nothing retired", () => {
    expect(offersSchema.parse({ offers: seed.offers }).retired).toEqual([]);
  });

  it("refuses no offer, more than twelve, one id twice and ids that are no slug, in Czech", () => {
    const many = Array.from({ length: 13 }, (_, n) => ({ ...first, id: `nabidka-${n}` }));
    expect(issuesOf({ offers: [], retired: [] })).toEqual([
      ["offers", "Na webu musí zůstat aspoň jedna nabídka."],
    ]);
    expect(issuesOf({ offers: many, retired: [] })).toEqual([
      ["offers", "Na webu může být nejvýše 12 nabídek. Některou nejdřív vyřaďte."],
    ]);
    expect(issuesOf({ offers: [first], retired: [first] })).toEqual([
      ["offers", "Dvě nabídky nesmějí mít stejné označení."],
    ]);
    expect(issuesOf({ offers: [{ ...first, id: "Kakaový rituál" }], retired: [] })).toEqual([
      [
        "offers.0.id",
        "Označení nabídky smí mít jen malá písmena bez diakritiky, číslice a pomlčky (nejvýše 60 znaků).",
      ],
    ]);
    expect(issuesOf({ offers: [{ ...first, id: "other" }], retired: [] })).toEqual([
      ["offers.0.id", "Označení „other“ patří volbě „Ostatní“ v kontaktním formuláři."],
    ]);
  });

  it("makes a new offer's id from its name, without accents and unique", () => {
    expect(offerIdFromName("Kakaový rituál pro páry", [])).toBe("kakaovy-ritual-pro-pary");
    expect(offerIdFromName("Kakaový rituál pro páry", ["kakaovy-ritual-pro-pary"])).toBe(
      "kakaovy-ritual-pro-pary-2",
    );
    expect(offerIdFromName("Ostatní", [])).toBe("ostatni");
    expect(offerIdFromName("Other", [])).toBe("nabidka");
    expect(offerIdFromName("✿✿", ["nabidka"])).toBe("nabidka-2");
    expect(offerIdFromName("Ř".repeat(100), []).length).toBeLessThanOrEqual(60);
  });
});
