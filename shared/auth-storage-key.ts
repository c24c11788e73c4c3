/**
 * The localStorage key of the session, as Supabase names it:
 * `sb-<first label of the API host name>-auth-token`. The cross-tab
 * channel of the browser library carries the same name.
 *
 * A module of its own: the members' page reads this key to decide whether
 * to load the session library at all, so its script must hold nothing else
 * of the auth client.
 */
export function authStorageKey(hostname: string): string {
  return `sb-${hostname.split(".")[0]}-auth-token`;
}
