/**
 * The first administrator's set-up page and its one API call: the fields of
 * registration (their rules and Czech messages) plus the token of the link
 * the server printed in its log, and the answers the page shows.
 */
import * as z from "zod/mini";
import { signUpSchema } from "./auth-schemas";

/** How long a set-up link works. */
export const firstAdminLinkLifetimeMs = 60 * 60 * 1000;

/** Where the page posts. */
export const firstAdminApiPath = "/api/first-admin";

export const firstAdminMessages = {
  tokenMissing: "V adrese chybí kód odkazu. Otevřete prosím celý odkaz tak, jak ho server vypsal.",
  linkInvalid:
    "Odkaz už neplatí: platí hodinu a jen jednou. Nový vypíše server při dalším spuštění, dokud web nemá administrátora. Pokud už účet máte, přihlaste se.",
  adminExists:
    "Administrátor už existuje, odkaz proto neplatí. Přihlaste se prosím na stránce přihlášení.",
  failed: "Účet se nepodařilo založit. Zkuste to prosím znovu.",
} as const;

/** The request: the registration's fields (`fullName`, as the sign-up form names it) and the token. */
export const firstAdminRequestSchema = z.extend(signUpSchema, {
  token: z
    .string(firstAdminMessages.tokenMissing)
    .check(
      z.minLength(1, firstAdminMessages.tokenMissing),
      z.maxLength(100, firstAdminMessages.linkInvalid),
    ),
});

export type FirstAdminRequest = z.input<typeof firstAdminRequestSchema>;
