import { createElement } from "react";
import { site } from "#shared/site";
import {
  type AccountLinkData,
  AccountLinkEmail,
  accountLinkDataSchema,
} from "./account-link-email";
import { defineMailKind } from "./mail-kind";

export const passwordRecoverySubject = `Nové heslo k účtu – ${site.title}`;

/** The link to set a new password; formal „vy“, as the sign-in page uses. */
export function PasswordRecoveryEmail(data: AccountLinkData) {
  return (
    <AccountLinkEmail
      {...data}
      preview="Odkaz pro nastavení nového hesla, platí jednu hodinu."
      heading="Nastavení nového hesla"
      footer="Tento e-mail přišel, protože někdo na webu požádal o nové heslo k účtu s touto adresou. Pokud o nové heslo nežádáte, nic nedělejte – vaše heslo zůstává beze změny."
      text="k vašemu účtu přišla žádost o nové heslo. Tlačítkem níže si ho nastavíte. Odkaz platí jednu hodinu a lze ho použít jen jednou."
      button="Nastavit nové heslo"
    />
  );
}

/** The link to set a new password: it signs her in, a credential until it is sent. */
export const passwordRecoveryMail = defineMailKind({
  name: "password_recovery",
  dataSchema: accountLinkDataSchema,
  subject: () => passwordRecoverySubject,
  render: (data) => createElement(PasswordRecoveryEmail, data),
  secretLinks: ["link"],
});
