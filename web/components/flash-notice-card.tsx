import { clsx } from "clsx";
import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import type { FlashNotice as Notice } from "~/lib/flash-notice";

const icons = { success: CircleCheck, error: CircleAlert, info: Info };

/** The notice itself: its own chunk, loaded only when there is one to show. */
export function FlashNoticeCard({ notice, onClose }: { notice: Notice; onClose: () => void }) {
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
          onClick={onClose}
          className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-bark/5"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Zavřít oznámení</span>
        </button>
      </div>
    </div>
  );
}
