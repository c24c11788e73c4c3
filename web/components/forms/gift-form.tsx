// Placeholder: the forms engineer replaces this with the real gift forms.
export function GiftForm({ formType }: { formType: "gift_ritual" | "gift_fragrance" }) {
  return <form aria-label={formType} />;
}
