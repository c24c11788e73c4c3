/**
 * Her offers' ids, without zod (the contact form and the page store read them; decision 0042):
 * a slug made from the offer's name when she adds it, stable afterwards, because her links
 * (`/?sluzba=<id>`), stored submissions, bookings and reviews name the offer by it.
 */

/** The ids of a fresh install's four offers: the seed, and what old links and records use. */
export const seedOfferIds = ["consultation", "products", "course", "workshop"] as const;

/** An offer's id. Whether such an offer exists is her list's to say. */
export type OfferId = string;

/** The contact form's „Ostatní“, which is no offer: no offer may take its value. */
export const noOfferChoice = "other";

export const offerIdMaxLength = 60;

const offerIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` has an offer id's form: lower-case letters without accents, digits, dashes. */
export function isOfferIdForm(value: unknown): value is OfferId {
  return (
    typeof value === "string" &&
    value.length <= offerIdMaxLength &&
    offerIdPattern.test(value) &&
    value !== noOfferChoice
  );
}

/** The id of a new offer named `name`: its name without accents in lower case, unique among `taken`. */
export function offerIdFromName(name: string, taken: readonly string[]): OfferId {
  const slug = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, offerIdMaxLength - 4)
    .replace(/^-+|-+$/g, "");
  const base = slug === "" || slug === noOfferChoice ? "nabidka" : slug;
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}
