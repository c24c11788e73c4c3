import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { confirmationLinkNotices } from "#shared/confirmation-link";
import { paths } from "#shared/routes";
import { type FlashNotice as Notice, takeFlashNotice } from "~/lib/flash-notice";

const FlashNoticeCard = lazy(() =>
  import("~/components/flash-notice-card").then((module) => ({ default: module.FlashNoticeCard })),
);

/**
 * What an address-confirmation link's landing says: GET /auth/v1/verify sends
 * her to the site with `#type=signup`, or with an error code, in the address.
 * Our own texts, never the fragment's (anyone can write a link with any text
 * in it); the fragment is then taken off the address, unless it carries a
 * session (a member's link opens her area signed in). The sign-in page reads
 * its own links (a password reset) itself.
 */
function takeLinkNotice(): Notice | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const error = fragment.get("error_code");
  let notice: Notice | null = null;
  if (fragment.get("type") === "signup" && !error) {
    notice = { tone: "success", text: confirmationLinkNotices.confirmed };
  } else if (error && !fragment.has("access_token") && location.pathname !== paths.signIn) {
    const tooMany = fragment.get("error") === "over_request_rate_limit";
    notice = {
      tone: "error",
      text: tooMany ? confirmationLinkNotices.tooMany : confirmationLinkNotices.invalid,
    };
  }
  // A session in the address (a member's link, on the members' page) is the session library's
  // to take, and it clears the address itself.
  if (notice && !fragment.has("access_token")) {
    history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  }
  return notice;
}

/**
 * Shows the notice another screen left for this page (see `setFlashNotice`),
 * such as „Musíte být přihlášeni“ after the administration sent a visitor
 * here, or what a confirmation link's landing says. Part of every public
 * page, so only these checks are: the notice's own code loads when there is a
 * notice to show.
 */
export function FlashNotice() {
  const location = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new notice may arrive with every navigation
  useEffect(() => {
    const next = takeFlashNotice() ?? takeLinkNotice();
    if (next) setNotice(next);
  }, [location.key]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 10_000);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <FlashNoticeCard notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
