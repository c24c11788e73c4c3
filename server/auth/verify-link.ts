/**
 * The link of a confirmation or recovery e-mail, as GoTrue writes it: to
 * `GET /auth/v1/verify` on the site's origin. The sign-up, `/resend` and the
 * administration's „Poslat potvrzení znovu“ all build it here.
 */
export function buildVerifyLink(
  siteOrigin: string,
  token: string,
  type: "recovery" | "signup",
  /** Already checked to stay on the site (`safeRedirect` of the auth API). */
  redirectTo: string,
): string {
  const link = new URL("/auth/v1/verify", siteOrigin);
  link.searchParams.set("token", token);
  link.searchParams.set("type", type);
  link.searchParams.set("redirect_to", redirectTo);
  return link.href;
}
