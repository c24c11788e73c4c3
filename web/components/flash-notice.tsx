import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { type FlashNotice as Notice, takeFlashNotice } from "~/lib/flash-notice";

const FlashNoticeCard = lazy(() =>
  import("~/components/flash-notice-card").then((module) => ({ default: module.FlashNoticeCard })),
);

/**
 * Shows the notice another screen left for this page (see `setFlashNotice`),
 * such as „Musíte být přihlášeni“ after the administration sent a visitor
 * here. Part of every public page, so only this check is: the notice's
 * own code loads when there is a notice to show.
 */
export function FlashNotice() {
  const location = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new notice may arrive with every navigation
  useEffect(() => {
    const next = takeFlashNotice();
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
