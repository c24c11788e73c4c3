/**
 * The administration's notices (toasts) in one style: a full sentence that says what is now
 * so („Záznam je smazaný.“), never a bare participle („Nastavení uloženo“). The specification's
 * own notices („Záznam smazán“, „Přihlášení úspěšné!“) stay as quoted and are not here.
 */
import { describe, expect, it } from "vitest";
import { csvDownloadedText } from "~/components/admin/admin-screen";
import { firstAdminTexts } from "~/components/admin/first-admin-screen";
import { privacyNotices } from "~/components/admin/privacy-tools";
import { recordNotices } from "~/components/admin/record-screen";
import { twoFactorAppsTexts } from "~/components/admin/two-factor-apps";
import {
  anotherPhoneAddedText,
  twoFactorCopyTexts,
  twoFactorEnabledText,
} from "~/components/admin/two-factor-setup";
import { accessChangedNotice } from "~/components/admin/user-format";

const notices = [
  csvDownloadedText,
  firstAdminTexts.created,
  privacyNotices.nothingStored,
  privacyNotices.downloaded,
  privacyNotices.downloadedNothing,
  privacyNotices.erased("jana@example.cz"),
  privacyNotices.failed,
  privacyNotices.retentionSaved,
  ...Object.values(recordNotices),
  ...Object.values(twoFactorAppsTexts),
  twoFactorEnabledText,
  anotherPhoneAddedText,
  ...Object.values(twoFactorCopyTexts),
  accessChangedNotice("member", "jana@example.cz", true),
  accessChangedNotice("admin", "jana@example.cz", false),
];

describe("the administration's notices", () => {
  it.each(notices)("„%s“ is a full sentence", (notice) => {
    expect(notice).toMatch(/^\p{Lu}/u);
    expect(notice).toMatch(/[.?!]$/);
  });

  it("say whose data were erased, what access changed and for whom, with no gendered „jste přihlášeni“", () => {
    expect(privacyNotices.erased("jana@example.cz")).toBe(
      "Údaje adresy jana@example.cz jsou smazané.",
    );
    expect(accessChangedNotice("member", "jana@example.cz", true)).toBe(
      "Přístup do členské sekce pro jana@example.cz je přidaný.",
    );
    expect(accessChangedNotice("admin", "jana@example.cz", false)).toBe(
      "Přístup do administrace pro jana@example.cz je odebraný.",
    );
    expect(firstAdminTexts.created).not.toContain("přihlášeni");
  });
});
