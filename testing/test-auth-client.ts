/**
 * auth-js as the sign-in page runs it, against a test server: its session in memory of its own,
 * no timers, and each client from the address the test gives it (rate limits stay apart).
 */
import { AuthClient, type GoTrueClient } from "@supabase/auth-js";
import { authStorageKey } from "#shared/auth-storage-key";

type AuthClientOptions = NonNullable<ConstructorParameters<typeof AuthClient>[0]>;

export function createTestAuthClient(
  origin: string,
  address: string,
  options: Partial<AuthClientOptions> = {},
): GoTrueClient {
  const storage = new Map<string, string>();
  return new AuthClient({
    url: `${origin}/auth/v1`,
    storageKey: authStorageKey("127.0.0.1"),
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    headers: { "X-Forwarded-For": address },
    ...options,
  });
}
