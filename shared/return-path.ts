/**
 * Where the administration's sign-in comes back to (`/prihlaseni?zpet=…`): a page an e-mail
 * links to, such as one record. Only the sign-in and administration screens load it.
 */
import { paths } from "./routes";

/** The sign-in page's query parameter naming the administration's page to come back to. */
export const returnQueryParam = "zpet";

/** Any origin will do: only the path is kept. */
const pathBase = "https://return-path.invalid";

/**
 * Where a sign-in may come back to: a page of the administration on this
 * site (path and query), or null. Anything else – another site, `//host`,
 * a backslash, a way out of /admin with `..` – is refused, so the sign-in
 * page's address can never send her away from the site (no open redirect).
 */
export function adminReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, pathBase);
  } catch {
    return null;
  }
  if (url.origin !== pathBase) return null;
  if (url.pathname !== paths.admin && !url.pathname.startsWith(`${paths.admin}/`)) return null;
  return `${url.pathname}${url.search}`;
}

/** The administration's sign-in, coming back to `returnTo` (an administration page) after it. */
export function signInReturningTo(returnTo: string): string {
  const path = adminReturnPath(returnTo);
  return path ? `${paths.signIn}?${returnQueryParam}=${encodeURIComponent(path)}` : paths.signIn;
}
