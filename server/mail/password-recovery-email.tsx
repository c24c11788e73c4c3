import { site } from "#shared/site";
import { AccountLinkEmail, type AccountLinkProps } from "./account-link-email";

export const passwordRecoverySubject = `Nové heslo k účtu – ${site.title}`;

/** The link to set a new password; formal „vy“, as the sign-in page uses. */
export function PasswordRecoveryEmail(props: AccountLinkProps) {
  return (
    <AccountLinkEmail
      {...props}
      preview="Odkaz pro nastavení nového hesla, platí jednu hodinu."
      heading="Nastavení nového hesla"
      footer="Tento e-mail přišel, protože někdo na webu požádal o nové heslo k účtu s touto adresou. Pokud o nové heslo nežádáte, nic nedělejte – vaše heslo zůstává beze změny."
      text="k vašemu účtu přišla žádost o nové heslo. Tlačítkem níže si ho nastavíte. Odkaz platí jednu hodinu a lze ho použít jen jednou."
      button="Nastavit nové heslo"
    />
  );
}
