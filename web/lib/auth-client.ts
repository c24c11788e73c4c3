/**
 * The one session library instance of the browser. Only the sign-in and
 * administration screens import this module, so public pages never load it.
 */
import {
  AuthClient,
  type GoTrueClient,
  isAuthApiError,
  isAuthWeakPasswordError,
} from "@supabase/auth-js";
import { authApiPath } from "#shared/auth-session";
import { authStorageKey } from "#shared/auth-storage-key";

let client: GoTrueClient | undefined;

/** Created on first use, in the browser only (it reads the page address and localStorage). */
export function getAuthClient(): GoTrueClient {
  if (typeof window === "undefined") {
    throw new Error("The auth client exists only in the browser.");
  }
  client ??= new AuthClient({
    url: `${location.origin}${authApiPath}`,
    storageKey: authStorageKey(location.hostname),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    // `mfa.recoveryCodes.regenerate` (GoTrue's path, which our server answers: docs/auth-mfa.md).
    experimental: { recoveryCodes: true },
  });
  return client;
}

/** The server's own (Czech) message, or the screen's fallback for anything else (offline, 5xx). */
export function messageOf(error: unknown, fallback: string): string {
  // A refused password comes as its own error class, with the server's reason as its message.
  if (isAuthWeakPasswordError(error) && error.message) return error.message;
  if (isAuthApiError(error) && error.message && error.status < 500) return error.message;
  return fallback;
}
