/** Where the auth endpoints live, relative to the site's origin. */
export const authApiPath = "/auth/v1";

/**
 * The localStorage key of the session, as Supabase names it:
 * `sb-<first label of the API host name>-auth-token`. The cross-tab
 * channel of the browser library carries the same name.
 */
export function authStorageKey(hostname: string): string {
  return `sb-${hostname.split(".")[0]}-auth-token`;
}
