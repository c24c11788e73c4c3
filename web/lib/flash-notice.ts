/**
 * A notice that survives one navigation: the administration sends refused
 * or signed-out visitors to the members' page and tells them why there.
 * Kept in sessionStorage, read once (the page starter looks for it too:
 * a page with a notice to show starts its scripts at once).
 */
/** sessionStorage's key for the notice. */
export const flashNoticeStorageKey = "flash-notice";

export type FlashNotice = { tone: "success" | "error" | "info"; text: string };

export function setFlashNotice(notice: FlashNotice) {
  try {
    sessionStorage.setItem(flashNoticeStorageKey, JSON.stringify(notice));
  } catch {
    // Storage disabled: the redirect still happens, only without its notice.
  }
}

export function takeFlashNotice(): FlashNotice | null {
  try {
    const stored = sessionStorage.getItem(flashNoticeStorageKey);
    if (stored === null) return null;
    sessionStorage.removeItem(flashNoticeStorageKey);
    const notice = JSON.parse(stored) as Partial<FlashNotice>;
    if (typeof notice.text !== "string") return null;
    const tone = notice.tone === "success" || notice.tone === "info" ? notice.tone : "error";
    return { tone, text: notice.text };
  } catch {
    return null;
  }
}
