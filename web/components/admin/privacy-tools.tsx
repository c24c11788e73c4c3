import { Download, FileJson, ShieldCheck, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import type { AddressSummary, RetentionPreview, RetentionSetting } from "#shared/inbox-schemas";
import { maxRetentionMonths } from "#shared/inbox-schemas";
import { formatMonths } from "#shared/retention";
import { type AddressExport, addressReport } from "~/components/admin/address-report";
import { downloadFile } from "~/components/admin/download-file";
import { formatSubmittedAt } from "~/components/admin/submission-format";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import {
  AdminApiError,
  eraseAddress,
  exportAddress,
  fetchRetention,
  previewRetention,
  saveRetention,
  summarizeAddress,
} from "~/lib/admin-api";
import { useSiteOperator } from "~/lib/site-operator";
import { typeset } from "~/lib/typography";

const pluralRules = new Intl.PluralRules("cs-CZ");
function plural(count: number, one: string, few: string, many: string) {
  const rule = pluralRules.select(count);
  return `${count} ${rule === "one" ? one : rule === "few" ? few : many}`;
}

/** „1 přihláška na akci“, „2 přihlášky na akce“, „5 přihlášek na akce“. */
const eventSignupsText = (count: number) =>
  plural(count, "přihláška na akci", "přihlášky na akce", "přihlášek na akce");

/**
 * „2 záznamy z formulářů, 1 rezervace, 1 přihláška na akci, odběr novinek, 4 e-maily a účet“
 * (submissions, bookings, sign-ups and the subscription only when there are some)
 */
export function describeErasure(summary: AddressSummary): string {
  const parts = [
    // „0 záznamů z formulářů“ read oddly before a sign-up or a booking: only when there are some.
    ...(summary.submissions > 0
      ? [
          plural(
            summary.submissions,
            "záznam z formulářů",
            "záznamy z formulářů",
            "záznamů z formulářů",
          ),
        ]
      : []),
    ...(summary.bookings > 0
      ? [plural(summary.bookings, "rezervace", "rezervace", "rezervací")]
      : []),
    ...(summary.eventSignups > 0 ? [eventSignupsText(summary.eventSignups)] : []),
    ...(summary.subscribers > 0 ? ["odběr novinek"] : []),
    plural(summary.mails, "e-mail", "e-maily", "e-mailů"),
    ...(summary.account ? ["účet"] : []),
  ];
  return `${parts.slice(0, -1).join(", ")} a ${parts.at(-1)}`;
}

/** Notices in one style, as every toast of the administration: a full sentence („… je smazaný.“). */
export const privacyNotices = {
  nothingStored: "O této adrese web nic neuchovává.",
  downloaded: "Soubor s údaji adresy je stažený.",
  downloadedNothing: "O této adrese web nic neuchovává. Stažený soubor to potvrzuje.",
  erased: (email: string) => `Údaje adresy ${email} jsou smazané.`,
  failed: "Akce se nepodařila. Zkuste to prosím znovu.",
  retentionSaved: "Nastavení je uložené.",
} as const;

function failureText(error: unknown) {
  return error instanceof AdminApiError && error.status < 500
    ? error.message
    : privacyNotices.failed;
}

/** Everything about one e-mail address: download it, or erase it after a confirmation that names what goes. */
function AddressData() {
  const operator = useSiteOperator();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<AddressSummary | null>(null);
  const address = email.trim();

  /** The readable text for the person who asked, or the same data as JSON for a machine. */
  async function download(format: "text" | "json") {
    setBusy(true);
    try {
      const data = (await exportAddress(address)) as AddressExport;
      const name = `udaje-${address.replace(/[^a-zA-Z0-9@._-]/g, "_")}`;
      if (format === "text") {
        downloadFile(
          // The byte-order mark: older Windows programs then read the Czech letters right.
          `\ufeff${addressReport(data, window.location.origin, operator)}`,
          `${name}.txt`,
          "text/plain;charset=utf-8",
        );
      } else {
        downloadFile(`${JSON.stringify(data, null, 2)}\n`, `${name}.json`, "application/json");
      }
      const nothing =
        !data.submissions.length && !data.bookings?.length && !data.mails.length && !data.account;
      if (nothing) toast.info(privacyNotices.downloadedNothing);
      else toast.success(privacyNotices.downloaded);
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  async function askToErase() {
    setBusy(true);
    try {
      const summary = await summarizeAddress(address);
      const records =
        summary.submissions +
        summary.bookings +
        summary.eventSignups +
        summary.subscribers +
        summary.mails;
      if (records === 0 && !summary.account) {
        toast.info(privacyNotices.nothingStored);
      } else {
        setPending(summary);
      }
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  async function erase(summary: AddressSummary) {
    try {
      await eraseAddress(summary.email);
      toast.success(privacyNotices.erased(summary.email));
      setEmail("");
    } catch (error) {
      toast.error(failureText(error));
    }
  }

  return (
    <div>
      <h3 className="text-xl font-semibold text-bark">{typeset("Údaje podle e-mailové adresy")}</h3>
      <p className="mt-2 max-w-3xl leading-relaxed text-bark-soft">
        {typeset(
          "Když vás někdo požádá o své údaje nebo o jejich smazání: stáhněte nebo smažte vše, co web o té adrese uchovává – odeslané formuláře, e-maily a účet. Stažený přehled je čitelný text, který můžete poslat tomu, kdo o něj žádá. Kdo si je chce přenést k jiné službě, dostane i soubor „Pro přenos jinam“ – tytéž údaje ve strojově čitelné podobě.",
        )}
      </p>
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void download("text");
        }}
      >
        <TextField
          id="privacy-email"
          label="E-mailová adresa"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="sm:w-96"
          aria-required={false}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={busy || !address.includes("@")}>
            <Download aria-hidden="true" className="size-5" />
            Stáhnout údaje
          </Button>
          <Button
            variant="ghost"
            className="px-4"
            disabled={busy || !address.includes("@")}
            onClick={() => void download("json")}
            aria-label="Pro přenos jinam: stáhnout údaje ve strojově čitelné podobě"
          >
            <FileJson aria-hidden="true" className="size-5" />
            Pro přenos jinam
          </Button>
          <Button
            variant="ghost"
            className="px-4 text-terracotta-dark"
            disabled={busy || !address.includes("@")}
            onClick={() => void askToErase()}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            Smazat údaje…
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        title="Smazat údaje adresy?"
        description={
          <div>
            <p className="font-semibold text-bark [overflow-wrap:anywhere]">{pending?.email}</p>
            <p className="mt-2">Smaže se: {pending && describeErasure(pending)}.</p>
            <p className="mt-2">Tuto akci nelze vrátit zpět.</p>
          </div>
        }
        action={
          <AlertDialogAction onClick={() => pending && void erase(pending)}>
            Smazat vše
          </AlertDialogAction>
        }
      />
    </div>
  );
}

/** How many records (submissions, bookings, event sign-ups) a rule of `months` would delete now; null when the server could not say. */
async function countExpiring(months: number): Promise<RetentionPreview | null> {
  try {
    return await previewRetention(months);
  } catch {
    return null;
  }
}

function countOf(preview: RetentionPreview): number {
  return preview.submissions + preview.bookings + preview.eventSignups;
}

/** „Z toho 2 přihlášky na akce.“ when the rule would delete sign-ups too (the rest are the inbox's). */
function eventSignupsLine(preview: RetentionPreview): string | null {
  return preview.eventSignups > 0 ? `Z toho ${eventSignupsText(preview.eventSignups)}.` : null;
}

/**
 * „mazat záznamy starší než N měsíců“: off by default, applied by the server once a day. A rule
 * that would delete records she has now asks first and says how many (or that it could not
 * count them).
 */
function Retention() {
  const id = useId();
  const [setting, setSetting] = useState<RetentionSetting | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [months, setMonths] = useState("24");
  // Counting, then saving: the button says so, and a second press meanwhile does nothing. It
  // stays enabled, so that it keeps the focus for the question that may follow.
  const [busy, setBusy] = useState(false);
  const working = useRef(false);
  /** A rule waiting for her confirmation, and how many records it would delete (null: unknown). */
  const [confirming, setConfirming] = useState<{
    months: number;
    doomed: RetentionPreview | null;
  } | null>(null);

  useEffect(() => {
    fetchRetention()
      .then((loaded) => {
        setSetting(loaded);
        setEnabled(loaded.months !== null);
        if (loaded.months !== null) setMonths(String(loaded.months));
      })
      .catch(() => toast.error(privacyNotices.failed));
  }, []);

  async function askToSave(event: FormEvent) {
    event.preventDefault();
    if (working.current) return;
    // The rule as it stands now; what she changes while it is counted does not slip in.
    const wanted = enabled ? Number(months) : null;
    if (wanted !== null && Number.isInteger(wanted) && wanted !== setting?.months) {
      working.current = true;
      setBusy(true);
      const doomed = await countExpiring(wanted);
      working.current = false;
      setBusy(false);
      if (doomed === null || countOf(doomed) !== 0) {
        setConfirming({ months: wanted, doomed });
        return;
      }
    }
    void save(wanted);
  }

  async function save(wanted: number | null) {
    if (working.current) return;
    working.current = true;
    setBusy(true);
    try {
      const saved = await saveRetention(wanted);
      setSetting(saved);
      toast.success(privacyNotices.retentionSaved);
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      working.current = false;
      setBusy(false);
    }
  }

  const count = Number(months);
  const rule = Number.isInteger(count) && count > 0 ? pluralRules.select(count) : "other";
  const unit = rule === "one" ? "měsíc" : rule === "few" ? "měsíce" : "měsíců";

  return (
    <form onSubmit={askToSave} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-xl font-semibold text-bark">
        Automatické mazání
      </h3>
      <p className="mt-2 text-bark-soft" data-retention-status>
        {setting === null
          ? "Načítám…"
          : setting.months === null
            ? typeset("Vypnuto: záznamy zůstávají, dokud je nesmažete.")
            : typeset(
                `Zapnuto: server jednou denně smaže záznamy starší než ${plural(setting.months, "měsíc", "měsíce", "měsíců")}.`,
              )}
        {setting?.last_run_at && ` Naposledy ${formatSubmittedAt(setting.last_run_at)}.`}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-bark">
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            checked={enabled}
            // Until the stored rule has loaded, a change here would be overwritten by it.
            disabled={setting === null}
            onChange={(event) => setEnabled(event.target.checked)}
            className="size-5 accent-moss"
          />
          Mazat záznamy starší než
        </label>
        <input
          type="number"
          min={1}
          max={maxRetentionMonths}
          step={1}
          inputMode="numeric"
          aria-label="Počet měsíců"
          value={months}
          disabled={!enabled || setting === null}
          onChange={(event) => setMonths(event.target.value)}
          className="h-11 w-20 rounded-2xl border border-bark-soft/70 bg-white px-3 text-base disabled:opacity-60"
        />
        <span>{unit}</span>
        <Button type="submit" variant="secondary" disabled={setting === null} aria-busy={busy}>
          {busy ? "Ukládám…" : "Uložit"}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        title="Mazat staré záznamy?"
        description={
          <div>
            <p>
              {confirming &&
                typeset(
                  confirming.doomed === null
                    ? `Server do 24\u00a0hodin smaže všechny záznamy starší než ${formatMonths(confirming.months)}, i s jejich e-maily, a potom každý den ty, které toho stáří dosáhnou. Kolik jich teď je, se nepodařilo zjistit.`
                    : `Server do 24\u00a0hodin smaže ${plural(countOf(confirming.doomed), "záznam starší", "záznamy starší", "záznamů starších")} než ${formatMonths(confirming.months)}, i s ${countOf(confirming.doomed) === 1 ? "jeho" : "jejich"} e-maily, a potom každý den ty, které toho stáří dosáhnou.`,
                )}
            </p>
            {confirming?.doomed && eventSignupsLine(confirming.doomed) && (
              <p className="mt-2">{typeset(eventSignupsLine(confirming.doomed) ?? "")}</p>
            )}
            <p className="mt-2">Smazané záznamy nelze vrátit zpět.</p>
          </div>
        }
        action={
          <AlertDialogAction onClick={() => confirming && void save(confirming.months)}>
            Uložit a mazat
          </AlertDialogAction>
        }
      />
    </form>
  );
}

/** The administration's „Osobní údaje“: one address's data, and the automatic deletion. */
export function PrivacyTools() {
  return (
    <section
      aria-labelledby="privacy-heading"
      className="mt-5 grid gap-8 rounded-[2rem] bg-cream p-5 shadow-sm ring-1 ring-bark/10 sm:mt-10 sm:p-8"
    >
      <h2
        id="privacy-heading"
        className="flex items-center gap-3 text-2xl font-semibold text-bark sm:text-3xl"
      >
        <ShieldCheck aria-hidden="true" className="size-7 text-moss-dark" />
        Osobní údaje
      </h2>
      <AddressData />
      <Retention />
    </section>
  );
}
