/**
 * The contact form's „Služba“: her offers by their names in the form (the seeded four in the
 * specification's order, then hers in her order), then „Ostatní“, which is no offer. A submission
 * stores the chosen offer's id (docs/decisions/0042); her inbox names it by the list, retired
 * offers included, so an old message keeps its name.
 */
import type { Offer, Offers } from "./content-schemas";
import { noOfferChoice } from "./offer-ids";

export type ServiceChoice = { value: string; label: string };

/** „Ostatní“: the specification's label of the choice that is no offer. */
export const otherServiceLabel = "Ostatní";

/** The labels the four seeded offers had in the form: for a message stored before her list named them. */
const seedServiceLabels: Record<string, string> = {
  consultation: "Harmonizační setkání",
  products: "Přírodní produkty",
  course: "Online kurz",
  workshop: "Skupinový workshop",
};

/**
 * Where a seeded offer stands in the form: the specification lists the form's services in another
 * order than the home page's cards (consultation first there, products first on the cards), so the
 * four keep the specification's order in the form whatever her cards' order; offers she adds follow
 * them in her order (docs/decisions/0042).
 */
const specificationFormOrder = Object.keys(seedServiceLabels);
function formRank(offer: Offer): number {
  const rank = specificationFormOrder.indexOf(offer.id);
  return rank === -1 ? specificationFormOrder.length : rank;
}

/** Her shown offers (the seeded four in the specification's order, then hers), then „Ostatní“. */
export function serviceChoices(offers: readonly Offer[]): ServiceChoice[] {
  return [
    ...offers
      .filter((offer) => offer.shown)
      .sort((first, second) => formRank(first) - formRank(second))
      .map((offer) => ({ value: offer.id, label: offer.formLabel })),
    { value: noOfferChoice, label: otherServiceLabel },
  ];
}

/** Whether a visitor may choose `value` in the form now (the server asks before storing). */
export function isServiceChoice(offers: readonly Offer[], value: string): boolean {
  return serviceChoices(offers).some((choice) => choice.value === value);
}

/**
 * The name of a stored service choice: the offer's name in the form, also of an offer she has
 * retired or hidden since; the id itself when the list no longer has it.
 */
export function serviceLabel(list: Pick<Offers, "offers" | "retired">, value: string): string {
  if (value === noOfferChoice) return otherServiceLabel;
  const offer = [...list.offers, ...list.retired].find((each) => each.id === value);
  return offer?.formLabel ?? seedServiceLabels[value] ?? value;
}
