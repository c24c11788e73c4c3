import { clsx } from "clsx";
import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { type FlashNotice as Notice, takeFlashNotice } from "~/lib/flash-notice";

const icons = { success: CircleCheck, error: CircleAlert, info: Info };

/**
 * Shows the notice another screen left for this page (see `setFlashNotice`),
 * such as „Musíte být přihlášeni“ after the administration sent a visitor
 * here. Tiny and dependency-free: it is part of every public page.
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
  const Icon = icons[notice.tone];
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <div
        role={notice.tone === "error" ? "alert" : "status"}
        data-flash-notice={notice.tone}
        className={clsx(
          "pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl border px-4 py-3 shadow-lg",
          notice.tone === "error" && "border-terracotta/40 bg-[#fbeee6] text-terracotta-dark",
          notice.tone === "success" && "border-moss/30 bg-sage-light text-moss-dark",
          notice.tone === "info" && "border-bark/15 bg-cream text-bark",
        )}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="grow font-medium leading-snug">{notice.text}</p>
        <button
          type="button"
          onClick={() => setNotice(null)}
          className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-bark/5"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Zavřít oznámení</span>
        </button>
      </div>
    </div>
  );
}
