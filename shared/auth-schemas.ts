/**
 * The sign-in, registration and recovery fields: their rules and Czech
 * messages, used by the sign-in page and enforced again by the server.
 */
import * as z from "zod/mini";
import { limits, personNameSchema } from "./form-schemas";

/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const passwordMax = 200;
/** `user_metadata` travels in every access token: it stays small (serialized, in bytes). */
export const userMetadataMaxBytes = 2048;
/** Far longer than any token this server issues. */
const tokenMax = 512;

export const authMessages = {
  emailInvalid: "Zadejte prosím platnou e-mailovou adresu.",
  passwordTooShort: `Heslo musí mít alespoň ${limits.passwordMin} znaků.`,
  passwordTooLong: `Heslo může mít nejvýše ${passwordMax} znaků.`,
  fullNameRequired: "Vyplňte prosím celé jméno.",
  fullNameTooLong: `Jméno může mít nejvýše ${limits.nameMax} znaků.`,
  passwordsDiffer: "Hesla se neshodují.",
  passwordMissing: "Zadejte prosím heslo.",
  currentPasswordMissing: "Zadejte prosím své současné heslo.",
  refreshTokenMissing: "Přihlášení vypršelo. Přihlaste se prosím znovu.",
  tokenInvalid: "Odkaz nebo kód pro obnovení hesla je neplatný.",
  recoveryTypeInvalid: "Tento odkaz slouží jen k nastavení nového hesla.",
  resendTypeInvalid: "Znovu lze poslat jen e-mail s potvrzením adresy.",
  factorTypeInvalid: "Ověřit se lze jen kódem z aplikace v telefonu.",
  factorNameTooLong: "Název může mít nejvýše 100 znaků.",
  challengeInvalid: "Ověření kódem se nepodařilo dokončit. Zadejte prosím kód znovu.",
  codeMissing: "Zadejte prosím kód z aplikace.",
  userMetadataTooLarge: `Údaje účtu mohou mít nejvýše ${userMetadataMaxBytes / 1024} KB.`,
  userMetadataKeyNotAllowed: "U účtu lze uložit jen celé jméno.",
  bodyNotObject: "Odeslaná data nemají správný tvar.",
  emailNotConfirmed:
    "Nejdřív prosím potvrďte svou e-mailovou adresu odkazem z\u00a0e-mailu, který vám přišel po registraci.",
} as const;

/** The notices of the sign-in and administration pages, verbatim from the specification. */
export const authNotices = {
  passwordChanged: "Heslo je změněné.",
  registered: "Registrace úspěšná! Nyní se můžete přihlásit.",
  /** Said under „Registrace úspěšná!“: an account signs in only once its address is confirmed. */
  confirmAddressFirst:
    "Nejdřív ale prosím potvrďte adresu odkazem z\u00a0e-mailu, který jsem vám právě poslala.",
  confirmationResent:
    "Poslala jsem vám nový e-mail s\u00a0odkazem. Potvrďte jím prosím adresu a\u00a0pak se přihlaste.",
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

// The rules of a name in the forms (letters, no hidden characters, no links), with the sign-up's messages.
const fullNameSchema = personNameSchema(
  authMessages.fullNameRequired,
  authMessages.fullNameTooLong,
);

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: fullNameSchema,
});

export const recoverSchema = z.object({ email: emailSchema });

export const newPasswordSchema = z.object({ password: passwordSchema });

// What the auth endpoints accept, as @supabase/auth-js sends it. Keys the
// library adds and the server does not use (code_challenge, gotrue_meta_security)
// are dropped; `data` becomes `user_metadata`, so it is held to the keys the
// site uses and to a size. The pure marks keep these out of the browser bundle.
const objectParams = { error: authMessages.bodyNotObject };

function isWithinMetadataSize(value: unknown): boolean {
  return new TextEncoder().encode(JSON.stringify(value)).length <= userMetadataMaxBytes;
}

const userMetadataSchema = /* @__PURE__ */ z.pipe(
  z
    .record(z.string(), z.unknown(), authMessages.fullNameRequired)
    .check(z.refine(isWithinMetadataSize, authMessages.userMetadataTooLarge)),
  z.strictObject(
    { full_name: z.optional(fullNameSchema) },
    { error: authMessages.userMetadataKeyNotAllowed },
  ),
);

/** `POST /signup`: `data.full_name` is required. */
export const signUpRequestSchema = /* @__PURE__ */ z.object(
  {
    email: emailSchema,
    password: passwordSchema,
    data: z.pipe(
      userMetadataSchema,
      z.object({ full_name: fullNameSchema }, authMessages.fullNameRequired),
    ),
  },
  objectParams,
);

/** `POST /token?grant_type=password`: a short password is simply wrong, not weak. */
export const passwordSignInRequestSchema = /* @__PURE__ */ z.object(
  {
    email: emailSchema,
    password: z
      .string(authMessages.passwordMissing)
      .check(
        z.minLength(1, authMessages.passwordMissing),
        z.maxLength(passwordMax, authMessages.passwordTooLong),
      ),
  },
  objectParams,
);

/** `POST /token?grant_type=refresh_token`. */
export const refreshRequestSchema = /* @__PURE__ */ z.object(
  {
    refresh_token: z
      .string(authMessages.refreshTokenMissing)
      .check(
        z.minLength(1, authMessages.refreshTokenMissing),
        z.maxLength(tokenMax, authMessages.refreshTokenMissing),
      ),
  },
  objectParams,
);

/** `POST /recover`. */
export const recoverRequestSchema = /* @__PURE__ */ z.object({ email: emailSchema }, objectParams);

/** `POST /resend`: a new confirmation e-mail (the only kind this server sends again). */
export const resendRequestSchema = /* @__PURE__ */ z.object(
  {
    type: z.literal("signup", authMessages.resendTypeInvalid),
    email: emailSchema,
  },
  objectParams,
);

/** `PUT /user`: a new password, new metadata, or the current e-mail (a change is refused later). */
export const updateUserRequestSchema = /* @__PURE__ */ z.object(
  {
    email: z.optional(
      z
        .string(authMessages.emailInvalid)
        .check(z.maxLength(limits.emailMax, authMessages.emailInvalid)),
    ),
    password: z.optional(passwordSchema),
    /** Asked with a new password, unless the session was opened by a link from her mailbox. */
    current_password: z.optional(
      z.string().check(z.maxLength(passwordMax, authMessages.passwordTooLong)),
    ),
    data: z.optional(userMetadataSchema),
  },
  objectParams,
);

const tokenSchema = z
  .string(authMessages.tokenInvalid)
  .check(z.maxLength(tokenMax, authMessages.tokenInvalid));

/** `POST /verify` with the token of a recovery link. */
export const verifyRequestSchema = /* @__PURE__ */ z.object(
  {
    type: z.literal("recovery", authMessages.recoveryTypeInvalid),
    token_hash: z.optional(tokenSchema),
    token: z.optional(tokenSchema),
    email: z.optional(
      z
        .string(authMessages.emailInvalid)
        .check(z.maxLength(limits.emailMax, authMessages.emailInvalid)),
    ),
  },
  objectParams,
);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for the shape of an id the server issues (checked before any query uses it). */
export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}

/** `POST /factors`: a TOTP app (the one kind of second factor this server has). */
export const enrollFactorRequestSchema = /* @__PURE__ */ z.object(
  {
    factor_type: z.literal("totp", authMessages.factorTypeInvalid),
    friendly_name: z.optional(
      z.string().check(z.trim(), z.maxLength(100, authMessages.factorNameTooLong)),
    ),
    issuer: z.optional(z.string().check(z.maxLength(100, authMessages.factorNameTooLong))),
  },
  objectParams,
);

/** `POST /factors/{id}/challenge`: auth-js sends its own parameters; none is needed. */
export const challengeFactorRequestSchema = /* @__PURE__ */ z.object({}, objectParams);

/** `POST /factors/{id}/verify`: a code from the app, or one of the recovery codes. */
export const verifyFactorRequestSchema = /* @__PURE__ */ z.object(
  {
    challenge_id: z
      .string(authMessages.challengeInvalid)
      .check(z.regex(uuidPattern, authMessages.challengeInvalid)),
    code: z
      .string(authMessages.codeMissing)
      .check(
        z.trim(),
        z.minLength(1, authMessages.codeMissing),
        z.maxLength(32, authMessages.codeMissing),
      ),
  },
  objectParams,
);

/** The first message of a failed check, for one notice. */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? authMessages.emailInvalid;
}
