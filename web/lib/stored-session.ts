/**
 * The session this browser keeps, read without the session library, which
 * public pages never load. Whatever it says is only a hint for what to show:
 * the server checks the session and its roles on every request.
 */
import { authStorageKey } from "#shared/auth-storage-key";
import type { AccountRole } from "#shared/user-admin";

const adminRole: AccountRole = "admin";

/**
 * Whether the stored session is an administrator's: the server lists the
 * account's roles in the user object it sends with each session
 * (`app_metadata.roles`, server/auth/accounts.ts), as they were at its last
 * sign-in or refresh.
 */
export function hasStoredAdminSession(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(authStorageKey(location.hostname)) ?? "null");
    const roles: unknown = stored?.user?.app_metadata?.roles;
    return Array.isArray(roles) && roles.includes(adminRole);
  } catch {
    return false;
  }
}
