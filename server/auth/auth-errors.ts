import type { ContentfulStatusCode } from "hono/utils/http-status";
import { authMessages } from "#shared/auth-schemas";
import { ApiError } from "../api-error";

/**
 * The errors the auth endpoints answer with: GoTrue's codes (the browser
 * library reads them) and Czech messages (the sign-in page shows them).
 */
export const authErrors = {
  invalid_credentials: [400, "Nesprávný e-mail nebo heslo."],
  // GoTrue's answer to the right password of an account whose address is not confirmed yet.
  email_not_confirmed: [400, authMessages.emailNotConfirmed],
  // Its message always comes from the check that failed (see the request schemas).
  validation_failed: [400, "Odeslaná data nemají správný tvar."],
  email_address_invalid: [400, "Zadejte prosím platnou e-mailovou adresu."],
  full_name_required: [400, "Vyplňte prosím celé jméno."],
  user_already_exists: [422, "Účet s tímto e-mailem už existuje. Přihlaste se prosím."],
  weak_password: [422, "Heslo musí mít alespoň 6 znaků."],
  same_password: [422, "Nové heslo musí být jiné než to současné."],
  current_password_required: [400, authMessages.currentPasswordMissing],
  // GoTrue's constant is ErrorCodeCurrentPasswordMismatch; the code it sends is this one.
  current_password_invalid: [400, "Současné heslo nesouhlasí."],
  email_change_not_supported: [422, "Změnu e-mailu zatím nelze provést."],
  unsupported_grant_type: [400, "Nepodporovaný způsob přihlášení."],
  refresh_token_not_found: [400, "Přihlášení vypršelo. Přihlaste se prosím znovu."],
  refresh_token_already_used: [400, "Přihlášení bylo ukončeno. Přihlaste se prosím znovu."],
  session_expired: [400, "Přihlášení vypršelo. Přihlaste se prosím znovu."],
  no_authorization: [401, "Chybí přihlášení."],
  bad_jwt: [403, "Přihlášení je neplatné nebo vypršelo. Přihlaste se prosím znovu."],
  session_not_found: [403, "Přihlášení už neplatí. Přihlaste se prosím znovu."],
  user_not_found: [403, "Účet už neexistuje."],
  otp_expired: [403, "Odkaz pro obnovení hesla je neplatný nebo vypršel. Požádejte prosím o nový."],
  bad_json: [400, "Odeslaná data se nepodařilo přečíst."],
  invalid_scope: [400, "Takový způsob odhlášení neexistuje."],
  not_found: [404, "Tato adresa neexistuje."],
  mfa_factor_not_found: [404, "Toto ověření v aplikaci u účtu není nastavené."],
  mfa_factor_name_conflict: [422, "Aplikace s tímto názvem už je u účtu nastavená."],
  too_many_enrolled_mfa_factors: [
    422,
    "U účtu je nastavených aplikací příliš mnoho. Nejdřív prosím některou odeberte.",
  ],
  insufficient_aal: [403, "Nejdřív se prosím ověřte kódem z aplikace."],
  mfa_challenge_expired: [422, "Ověření trvalo příliš dlouho. Zadejte prosím kód znovu."],
  mfa_ip_address_mismatch: [
    422,
    "Ověření je potřeba dokončit ze stejného připojení, ze kterého začalo. Zadejte prosím kód znovu.",
  ],
  mfa_verification_failed: [422, "Kód nesouhlasí. Opište prosím aktuální kód z aplikace."],
  over_request_rate_limit: [429, "Příliš mnoho pokusů. Zkuste to prosím znovu za pár minut."],
  over_email_send_rate_limit: [429, "E-mail odešel před chvílí. O další můžete požádat za minutu."],
} as const satisfies Record<string, readonly [ContentfulStatusCode, string]>;

export type AuthErrorCode = keyof typeof authErrors;

/** Thrown by auth functions; the API renders it, like every `ApiError`, as GoTrue's error body. */
export class AuthError extends ApiError {
  declare readonly code: AuthErrorCode;
  readonly extra: Record<string, unknown>;

  constructor(
    code: AuthErrorCode,
    extra: Record<string, unknown> = {},
    message?: string,
    headers?: Record<string, string>,
  ) {
    const [status, defaultMessage] = authErrors[code];
    super(status, code, message ?? defaultMessage, undefined, headers);
    this.extra = extra;
  }
}

// GoTrue names a body that is not JSON `bad_json`; the shared reader says `invalid_json`.
const goTrueCodes: Record<string, string> = { invalid_json: "bad_json" };

/** The body of an error answer: the code twice (new and old clients read different fields). */
export function authErrorBody(error: ApiError) {
  const code = goTrueCodes[error.code] ?? error.code;
  const extra = error instanceof AuthError ? error.extra : {};
  return { code, error_code: code, message: error.message, ...extra };
}
