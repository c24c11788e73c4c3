import { Archive } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { keepMonthsLimits, type StatsSettingsJson } from "#shared/stats";
import { AdminSection } from "~/components/admin/admin-section";
import { AdminApiError, saveStatsSettings } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/**
 * The choices of how long the day counts are kept, in months (1–60, the API's limits). A year
 * is 13 months and so on: the month in progress is always kept whole, and „12 měsíců“ against
 * the year before needs two years and that month (25, the default). Five years is the privacy
 * notice's longest („nejdéle pět let“), so nothing longer is offered.
 */
export const keepMonthsChoices = [
  { months: 7, label: "půl roku" },
  { months: 13, label: "rok" },
  { months: keepMonthsLimits.initial, label: "2 roky" },
  { months: 37, label: "3 roky" },
  { months: keepMonthsLimits.max, label: "5 let" },
] as const;

export const keepMonthsTexts = {
  label: "Uchovávat součty návštěv",
  saved: (label: string) => `Součty návštěv se teď uchovávají ${label}.`,
  failedToLoad: "Nastavení se nepodařilo načíst. Zkuste to prosím znovu.",
  failedToSave: "Nastavení se nepodařilo uložit. Zkuste to prosím znovu.",
} as const;

/** „7 měsíců“, for a value saved otherwise than by the choices above. */
function monthsLabel(months: number): string {
  const choice = keepMonthsChoices.find((option) => option.months === months);
  if (choice) return choice.label;
  const word = months === 1 ? "měsíc" : months >= 2 && months <= 4 ? "měsíce" : "měsíců";
  return `${months} ${word}`;
}

/**
 * „Přehled“: how long the day counts are kept (the site's setting, one for all administrators).
 * A choice saves at once and only the months: her weekly e-mail is „Můj účet“'s, and another
 * administrator's change of it stays.
 */
export function KeepMonthsSetting({ initial }: { initial: StatsSettingsJson | null }) {
  const [months, setMonths] = useState(initial?.keepMonths);
  const [busy, setBusy] = useState(false);

  async function change(chosen: number) {
    if (months === undefined) return;
    const before = months;
    setMonths(chosen);
    setBusy(true);
    try {
      const saved = await saveStatsSettings({ keepMonths: chosen });
      setMonths(saved.keepMonths);
      toast.success(keepMonthsTexts.saved(monthsLabel(saved.keepMonths)));
    } catch (error) {
      setMonths(before);
      toast.error(error instanceof AdminApiError ? error.message : keepMonthsTexts.failedToSave);
    } finally {
      setBusy(false);
    }
  }

  const options =
    months === undefined || keepMonthsChoices.some((option) => option.months === months)
      ? keepMonthsChoices
      : [...keepMonthsChoices, { months, label: monthsLabel(months) }].sort(
          (a, b) => a.months - b.months,
        );
  return (
    <AdminSection
      headingId="keep-months-heading"
      icon={Archive}
      title="Jak dlouho uchovávat návštěvy"
      intro="Z návštěv se ukládají jen součty za jednotlivé dny, ze kterých nejde poznat, kdo web navštívil. Starší součty web sám smaže. Aby šlo porovnat posledních 12 měsíců s rokem předtím, nechte je alespoň 2 roky."
    >
      {months === undefined ? (
        <p role="alert" className="mt-4 font-medium text-terracotta-dark">
          {typeset(keepMonthsTexts.failedToLoad)}
        </p>
      ) : (
        <label className="mt-4 block max-w-sm font-semibold text-bark">
          {keepMonthsTexts.label}
          <select
            name="keepMonths"
            value={months}
            disabled={busy}
            onChange={(event) => void change(Number(event.target.value))}
            className="mt-2 block h-12 w-full rounded-2xl border border-bark-soft/70 bg-white px-4 text-base font-normal text-bark"
          >
            {options.map((option) => (
              <option key={option.months} value={option.months}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </AdminSection>
  );
}
