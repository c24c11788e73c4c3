import { MailCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { StatsSettingsJson } from "#shared/stats";
import { AdminSection } from "~/components/admin/admin-section";
import { AdminApiError, saveStatsSettings } from "~/lib/admin-api";

export const weeklySummaryTexts = {
  label: "Posílat mi každé pondělí ráno týdenní souhrn e-mailem",
  on: "Týdenní souhrn vám bude chodit každé pondělí ráno.",
  off: "Týdenní souhrn je vypnutý.",
  failedToLoad: "Nastavení souhrnu se nepodařilo načíst. Zkuste to prosím znovu.",
  failedToSave: "Nastavení se nepodařilo uložit. Zkuste to prosím znovu.",
} as const;

/**
 * „Můj účet“: her weekly summary e-mail („Přehled“ by e-mail), on or off for her own account.
 * A tick saves at once, and only it: how long visits are kept (the site's) is „Přehled“'s.
 */
export function WeeklySummarySwitch({ initial }: { initial: StatsSettingsJson | null }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function change(weeklySummary: boolean) {
    if (!settings) return;
    // The box shows her choice at once; a refusal puts it back.
    const before = settings;
    setSettings({ ...settings, weeklySummary });
    setBusy(true);
    try {
      const saved = await saveStatsSettings({ weeklySummary });
      setSettings(saved);
      toast.success(saved.weeklySummary ? weeklySummaryTexts.on : weeklySummaryTexts.off);
    } catch (error) {
      setSettings(before);
      toast.error(error instanceof AdminApiError ? error.message : weeklySummaryTexts.failedToSave);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminSection
      headingId="weekly-summary-heading"
      icon={MailCheck}
      title="Týdenní souhrn"
      intro="Každé pondělí ráno vám přijde e-mail s tím, kolik lidí minulý týden web navštívilo, co četli, o co si napsali a co čeká na vyřízení. Souhrn chodí na adresu vašeho účtu."
    >
      {settings === null ? (
        <p role="alert" className="mt-4 font-medium text-terracotta-dark">
          {weeklySummaryTexts.failedToLoad}
        </p>
      ) : (
        <label className="mt-4 flex min-h-11 items-center gap-3 px-2 text-bark sm:px-0">
          <input
            type="checkbox"
            checked={settings.weeklySummary}
            disabled={busy}
            onChange={(event) => void change(event.target.checked)}
            className="size-5 shrink-0 accent-moss"
          />
          {weeklySummaryTexts.label}
        </label>
      )}
    </AdminSection>
  );
}
