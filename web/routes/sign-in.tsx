import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { authNotices } from "#shared/auth-schemas";
import { adminReturnPath, returnQueryParam } from "#shared/return-path";
import { paths } from "#shared/routes";
import { signInModeParam, signInModes } from "#shared/sign-in-modes";
import { type SignInMode, SignInScreen } from "~/components/auth/sign-in-screen";
import { checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import type { FlashNotice } from "~/lib/flash-notice";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sign-in";

export const meta = () =>
  pageMeta({
    title: "Přihlášení do administrace",
    description:
      "Přihlášení do administrace webu a registrace účtu. Přístup do administrace je pouze pro administrátory.",
    path: paths.signIn,
    noIndex: true,
  });

const invalidLinkText =
  "Odkaz pro obnovení hesla je neplatný nebo vypršel. Požádejte prosím o nový.";

type Outcome = {
  mode: SignInMode;
  notice: FlashNotice | null;
  /** The administration's page to open after the sign-in (a link from an e-mail), if any. */
  returnTo: string | null;
  /** Signed in, but not an administrator: pointed to the members' area. */
  notAdmin?: boolean;
};

/** The form `?rezim=` asks for (a link from the members' page), or the login. */
function requestedMode(url: URL): SignInMode {
  const asked = url.searchParams.get(signInModeParam);
  if (asked === signInModes.register) return "register";
  if (asked === signInModes.recover) return "recover";
  return "login";
}

/**
 * Set when the address carries a recovery link's session. The library then
 * clears the fragment, which starts a new navigation and runs the loader
 * again; this remembers the link until the new-password form is on screen.
 */
let recoveryLinkOpened = false;

/**
 * Before the page shows: a recovery link opens the new-password form (for an
 * account with an authenticator app, after its code); an administrator who is already signed in goes straight to the
 * administration (or to the page she came for, `?zpet=`); anyone else signed in is told the account has no admin role,
 * and where her own area is.
 */
export async function clientLoader({
  request,
}: Route.ClientLoaderArgs): Promise<Outcome | Response> {
  const url = new URL(request.url);
  const returnTo = adminReturnPath(url.searchParams.get(returnQueryParam));
  const signedOut = { mode: requestedMode(url), notice: null, returnTo };
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
      if (!session) {
        return { mode: "recover", notice: { tone: "error", text: invalidLinkText }, returnTo };
      }
      // With an authenticator app, the server takes a new password only after its code.
      const { data: level } = await client.mfa.getAuthenticatorAssuranceLevel();
      return level?.nextLevel === "aal2" && level.currentLevel !== "aal2"
        ? { mode: "code-before-new-password", notice: null, returnTo }
        : { mode: "new-password", notice: null, returnTo };
    }
    if (linkError !== null) {
      return {
        mode: "recover",
        notice: { tone: "error", text: linkError || invalidLinkText },
        returnTo,
      };
    }
    if (!session) return signedOut;
    const access = await checkAdminAccess(session.access_token);
    // One who must still set up her app is led through it on /admin first.
    if (access === "admin") return redirect(returnTo ?? paths.admin);
    if (access === "needs_setup") return redirect(paths.admin);
    if (access === "needs_code") return { mode: "code", notice: null, returnTo };
    if (access === "signed_out") {
      await client.signOut({ scope: "local" });
      return signedOut;
    }
    return {
      mode: "login",
      notice: { tone: "info", text: authNotices.notAdminYet },
      returnTo,
      notAdmin: true,
    };
  } catch {
    return signedOut;
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
  return (
    <SignInScreen
      initialMode={loaderData.mode}
      notice={loaderData.notice}
      returnTo={loaderData.returnTo}
      notAdmin={loaderData.notAdmin ?? false}
    />
  );
}
