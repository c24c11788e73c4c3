import { site } from "#shared/site";
import { AccountLinkEmail, type AccountLinkProps } from "./account-link-email";

export const emailConfirmationSubject = `Potvrzení e-mailu – ${site.title}`;

/** Sent at sign-up (and on request): the link proves the address is hers; formal „vy“. */
export function EmailConfirmationEmail(props: AccountLinkProps) {
  return (
    <AccountLinkEmail
      {...props}
      preview="Potvrďte prosím, že tato e-mailová adresa patří vám."
      heading="Potvrzení e-mailové adresy"
      footer="Tento e-mail přišel, protože se na webu někdo zaregistroval s touto adresou. Pokud o tom nevíte, nic nedělejte – bez potvrzení adresy se k účtu nikdo nepřihlásí."
      text="děkuji za registraci. Tlačítkem níže mi prosím potvrďte, že tato e-mailová adresa patří vám – pak se můžete přihlásit. Odkaz platí 24 hodin."
      button="Potvrdit e-mail"
    />
  );
}
