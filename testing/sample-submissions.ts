/**
 * Form submissions as a visitor sends them (the JSON body of
 * POST /api/form-submissions), valid in every field: tests start from these
 * and change the one field they are about.
 */
export const sampleContact = {
  formType: "contact",
  name: "Jana Nováková",
  email: "jana.novakova@example.cz",
  phone: "+420 777 123 456",
  serviceType: "consultation",
  message: "Dobrý den, ráda bych se objednala na harmonizační setkání.",
  privacyConsent: true,
  website: "",
};

export const sampleRitualGift = {
  formType: "gift_ritual",
  name: "Šárka Dvořáková",
  email: "sarka@example.cz",
  privacyConsent: true,
  website: "",
};
