/**
 * The sign-in, registration and recovery fields: their rules and Czech
 * messages, used by the sign-in page and enforced again by the server.
 */
import * as z from "zod/mini";
import { limits } from "./form-schemas";

/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const passwordMax = 200;

export const authMessages = {
  emailInvalid: "Zadejte prosím platnou e-mailovou adresu.",
  passwordTooShort: `Heslo musí mít alespoň ${limits.passwordMin} znaků.`,
  passwordTooLong: `Heslo může mít nejvýše ${passwordMax} znaků.`,
  fullNameRequired: "Vyplňte prosím celé jméno.",
  fullNameTooLong: `Jméno může mít nejvýše ${limits.nameMax} znaků.`,
  passwordsDiffer: "Hesla se neshodují.",
} as const;

/** The notices of the sign-in and administration pages, verbatim from the specification. */
export const authNotices = {
  registered: "Registrace úspěšná! Nyní se můžete přihlásit.",
  registrationFailed: "Chyba při registraci",
  signedIn: "Přihlášení úspěšné!",
  signInFailed: "Chyba při přihlášení",
  notAdminAtSignIn: "Váš účet nemá oprávnění administrátora.",
  notAdminYet: "Váš účet zatím nemá oprávnění administrátora.",
  mustSignIn: "Musíte být přihlášeni",
  notAdmin: "Nemáte oprávnění administrátora",
  loadFailed: "Chyba při načítání dat",
  listFailed: "Chyba při načítání dat z formulářů",
  deleteFailed: "Chyba při mazání záznamu",
  deleted: "Záznam smazán",
  signedOut: "Odhlášení úspěšné",
} as const;

const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(limits.emailMax, authMessages.emailInvalid),
    z.email(authMessages.emailInvalid),
  );

const passwordSchema = z
  .string()
  .check(
    z.minLength(limits.passwordMin, authMessages.passwordTooShort),
    z.maxLength(passwordMax, authMessages.passwordTooLong),
  );

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, authMessages.fullNameRequired),
      z.maxLength(limits.nameMax, authMessages.fullNameTooLong),
    ),
});

export const recoverSchema = z.object({ email: emailSchema });

export const newPasswordSchema = z.object({ password: passwordSchema });

/** The first message of a failed check, for one notice. */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? authMessages.emailInvalid;
}
