import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { type SignInMode, SignInScreen } from "~/components/auth/sign-in-screen";
import { checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import type { FlashNotice } from "~/lib/flash-notice";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sign-in";

export const meta = () =>
  pageMeta({
    title: "Přihlášení",
    description:
      "Přihlášení a registrace účtu. Přístup do administrace je pouze pro administrátory.",
    path: paths.signIn,
    noIndex: true,
  });

const invalidLinkText =
  "Odkaz pro obnovení hesla je neplatný nebo vypršel. Požádejte prosím o nový.";

type Outcome = { mode: SignInMode; notice: FlashNotice | null };

/**
 * Set when the address carries a recovery link's session. The library then
 * clears the fragment, which starts a new navigation and runs the loader
 * again; this remembers the link until the new-password form is on screen.
 */
let recoveryLinkOpened = false;

/**
 * Before the page shows: a recovery link opens the new-password form (for an
 * account with an authenticator app, after its code); an administrator who is already signed in goes straight to the
 * administration; anyone else signed in is told the account has no admin role.
 */
export async function clientLoader(): Promise<Outcome | Response> {
  // Read before the session library consumes (and clears) the address.
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (fragment.get("type") === "recovery" && fragment.has("access_token")) {
    recoveryLinkOpened = true;
  }
  const linkError = fragment.get("error_code") ? fragment.get("error_description") : null;
  if (linkError !== null) {
    history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  }
  try {
    const client = getAuthClient();
    const { data } = await client.getSession();
    const session = data.session;
    if (recoveryLinkOpened) {
      if (!session) return { mode: "recover", notice: { tone: "error", text: invalidLinkText } };
      // With an authenticator app, the server takes a new password only after its code.
      const { data: level } = await client.mfa.getAuthenticatorAssuranceLevel();
      return level?.nextLevel === "aal2" && level.currentLevel !== "aal2"
        ? { mode: "code-before-new-password", notice: null }
        : { mode: "new-password", notice: null };
    }
    if (linkError !== null) {
      return { mode: "recover", notice: { tone: "error", text: linkError || invalidLinkText } };
    }
    if (!session) return { mode: "login", notice: null };
    const access = await checkAdminAccess(session.access_token);
    if (access === "admin" || access === "needs_setup") return redirect(paths.admin);
    if (access === "needs_code") return { mode: "code", notice: null };
    if (access === "signed_out") {
      await client.signOut({ scope: "local" });
      return { mode: "login", notice: null };
    }
    return { mode: "login", notice: { tone: "info", text: authNotices.notAdminYet } };
  } catch {
    return { mode: "login", notice: null };
  }
}

/**
 * The session library clears the address's fragment after reading a
 * session from it; that alone must not run the checks above again.
 */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}

export default function SignInPage({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    recoveryLinkOpened = false;
  }, []);
  return <SignInScreen initialMode={loaderData.mode} notice={loaderData.notice} />;
}
