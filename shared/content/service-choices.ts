/**
 * The contact form's „Služba“: her offers by their names in the form, then „Ostatní“, which is
 * no offer. The values are the service types stored with a submission (`serviceTypes`, whose
 * labels the specification quotes and the offers are seeded with).
 */
import { type ServiceType, serviceTypes } from "#shared/form-schemas";
import { type Offer, offerIds } from "./content-schemas";

export type ServiceChoice = { value: ServiceType; label: string };

/** Her shown offers in the form's order (the specification's), then „Ostatní“. */
export function serviceChoices(offers: readonly Offer[]): ServiceChoice[] {
  return [
    ...offerIds.flatMap((id) => {
      const offer = offers.find((each) => each.id === id);
      return offer?.shown ? [{ value: id, label: offer.formLabel }] : [];
    }),
    { value: "other", label: serviceTypes.other },
  ];
}
