/**
 * What the page an address-confirmation link lands on says (GET /auth/v1/verify
 * puts `type=signup`, or an error code, in the address's fragment).
 */
export const confirmationLinkNotices = {
  confirmed: "Děkuji, vaše e-mailová adresa je potvrzená.",
  invalid: "Odkaz pro potvrzení e-mailu je neplatný nebo vypršel. Požádejte prosím o nový.",
  tooMany: "Příliš mnoho pokusů. Zkuste to prosím znovu za pár minut.",
} as const;
