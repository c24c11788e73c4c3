import { MailWarning, NotebookPen } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import type { AdminBookingJson } from "#shared/booking-admin";
import { paths } from "#shared/routes";
import type { Submission } from "#shared/submission";
import { AdminFrame } from "~/components/admin/admin-frame";
import { type AdminSection, adminSections } from "~/components/admin/admin-sections";
import { NewBookings } from "~/components/admin/booking-inbox";
import {
  DeleteSubmissionDialog,
  deleteSubmission,
} from "~/components/admin/delete-submission-dialog";
import {
  applyFilter,
  buildSearchIndex,
  type InboxFilter,
  isNew,
  listViewKey,
  readFilter,
  writeFilter,
} from "~/components/admin/inbox-filter";
import { useWideScreen } from "~/components/admin/inbox-parts";
import { InboxToolbar } from "~/components/admin/inbox-toolbar";
import { type WeekGlance, WeekGlanceLine } from "~/components/admin/overview/week-glance";
import { SubmissionCards } from "~/components/admin/submission-cards";
import { totalRecords } from "~/components/admin/submission-format";
import { SubmissionsTable } from "~/components/admin/submissions-table";
import { TwoFactorSetup } from "~/components/admin/two-factor-setup";
import { Button } from "~/components/ui/button";
import { currentAccessToken, fetchSubmissions } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** The notice after „Stáhnout CSV“. */
export const csvDownloadedText = "Soubor CSV se zobrazenými záznamy je stažený.";

export const noMatchText = "Hledání ani filtrům neodpovídá žádný záznam.";

/** „u 1 záznamu“, „u 3 záznamů“ */
function atRecords(count: number) {
  return `u ${count}\u00a0${count === 1 ? "záznamu" : "záznamů"}`;
}

/** What „Zpět na seznam“ tells the list: the record she had opened. */
export type ListReturn = { openedRecord: string };

/**
 * Back from a record, its card (or row) in the middle of the screen with its link focused, where
 * she was, instead of the top of a long list.
 */
function useReturnToOpenedRecord() {
  const location = useLocation();
  const opened = (location.state as Partial<ListReturn> | null)?.openedRecord;
  useEffect(() => {
    if (!opened) return;
    const item = [
      ...document.querySelectorAll<HTMLElement>(`[data-submission-id="${CSS.escape(opened)}"]`),
    ].find((element) => element.offsetParent !== null);
    if (!item) return;
    item.scrollIntoView({ block: "center" });
    item.querySelector<HTMLElement>("a[href]")?.focus({ preventScroll: true });
  }, [opened]);
}

/** The tab's title with the count of new submissions in front, as mail clients do. */
function useNewCountInTitle(newCount: number) {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = newCount > 0 ? `(${newCount}) ${base}` : base;
    return () => {
      document.title = document.title.replace(/^\(\d+\) /, "");
    };
  }, [newCount]);
}

/** A section's name as a link to it, in the note's sentences. */
function SectionLink({ to }: { to: AdminSection["to"] }) {
  const section = adminSections.find((candidate) => candidate.to === to);
  return (
    <Link to={to} className="font-semibold text-moss-dark underline underline-offset-4">
      {section?.label}
    </Link>
  );
}

/**
 * The specification's „Poznámka“ (users, roles and members' materials, once
 * promised for the future), saying what she can do now and where, each place a link.
 */
function NoteText() {
  return (
    <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">
      {typeset("Účet si na webu může založit kdokoli. V části")}{" "}
      <SectionLink to={paths.adminUsers} />{" "}
      {typeset(
        "pak rozhodujete, komu otevřete členskou sekci a kdo může do administrace. Videa, zvuky a texty pro členskou sekci i pro dárky nahrajete v části",
      )}{" "}
      <SectionLink to={paths.adminMaterials} />
      {typeset(
        ". Když vás někdo požádá o své údaje nebo o jejich smazání, najdete vše potřebné v části",
      )}{" "}
      <SectionLink to={paths.adminPrivacy} />
      {typeset(", kde si také můžete zapnout automatické mazání starých záznamů.")}
    </p>
  );
}

export function AdminScreen({
  email,
  initialSubmissions,
  listFailed,
  needsSetup: initialNeedsSetup,
  newBookings = [],
  weekGlance = null,
}: {
  email: string;
  initialSubmissions: Submission[];
  listFailed: boolean;
  /** She must set up her authenticator app before any data is shown. */
  needsSetup: boolean;
  /** Bookings she has not opened yet, shown beside the messages. */
  newBookings?: readonly AdminBookingJson[];
  /** The last seven days' visitors and gift requests, in one line at the top („Přehled“). */
  weekGlance?: WeekGlance | null;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [submissions, setSubmissions] = useState(initialSubmissions);
  const [filter, setFilter] = useState<InboxFilter>(() => readFilter(searchParams));
  const [pendingDelete, setPendingDelete] = useState<Submission | null>(null);
  const [needsSetup, setNeedsSetup] = useState(initialNeedsSetup);
  const wide = useWideScreen();

  useEffect(() => {
    if (listFailed) toast.error(authNotices.listFailed);
  }, [listFailed]);

  // The filter lives in the address: a reload or a shared link shows the same view.
  function changeFilter(next: InboxFilter) {
    setFilter(next);
    setSearchParams(writeFilter(next), { replace: true, preventScrollReset: true });
  }
  const search = searchParams.toString();
  useEffect(() => {
    try {
      sessionStorage.setItem(listViewKey, search ? `?${search}` : "");
    } catch {
      // Without storage the way back shows the whole list.
    }
  }, [search]);

  const index = useMemo(() => buildSearchIndex(submissions), [submissions]);
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(
    () => applyFilter(submissions, index, deferredFilter),
    [submissions, index, deferredFilter],
  );
  const newCount = useMemo(() => submissions.filter(isNew).length, [submissions]);
  const failedCount = useMemo(
    () => submissions.filter((submission) => submission.mail_state === "failed").length,
    [submissions],
  );
  useNewCountInTitle(newCount);
  useReturnToOpenedRecord();

  const reload = useCallback(async () => {
    try {
      setSubmissions(await fetchSubmissions(await currentAccessToken()));
    } catch {
      setSubmissions([]);
      toast.error(authNotices.listFailed);
    }
  }, []);

  async function confirmDelete(submission: Submission) {
    if (await deleteSubmission(submission.id)) await reload();
  }

  async function exportCsv() {
    // The CSV library loads only when she asks for a file.
    const { csvFileName, downloadFile, toCsv } = await import("~/components/admin/csv-export");
    downloadFile(toCsv(shown), csvFileName(new Date()), "text/csv;charset=utf-8");
    // A phone shows a download only in its notification shade: say it here too.
    toast.success(csvDownloadedText);
  }

  if (needsSetup) {
    return (
      <AdminFrame email={email} settingUp>
        <TwoFactorSetup
          onDone={() => {
            setNeedsSetup(false);
            void reload();
          }}
        />
      </AdminFrame>
    );
  }

  return (
    <AdminFrame email={email}>
      <WeekGlanceLine glance={weekGlance} />

      {failedCount > 0 && (
        <div
          role="alert"
          data-mail-banner
          className="mt-5 flex flex-col gap-3 rounded-2xl bg-terracotta/15 p-4 ring-1 ring-terracotta-dark/30 sm:mt-8 sm:flex-row sm:items-center sm:justify-between sm:p-5"
        >
          <p className="flex items-start gap-3 text-bark">
            <MailWarning
              aria-hidden="true"
              className="mt-0.5 size-6 shrink-0 text-terracotta-dark"
            />
            <span>
              <strong>{typeset(`E-maily se nepodařilo odeslat ${atRecords(failedCount)}.`)}</strong>{" "}
              {typeset("V záznamu uvidíte proč a můžete je poslat znovu.")}
            </span>
          </p>
          <Button
            variant="secondary"
            className="self-start sm:self-auto"
            onClick={() => changeFilter({ ...filter, mail: "neodeslane" })}
          >
            Zobrazit tyto záznamy
          </Button>
        </div>
      )}

      <NewBookings bookings={newBookings} />

      {/* A card around the table only: below 1024 px the records are cards themselves, and a
          card in a card would take their width (one card level). */}
      <section
        aria-labelledby="submissions-heading"
        className="mt-6 sm:mt-10 lg:rounded-[2rem] lg:bg-cream lg:p-8 lg:shadow-sm lg:ring-1 lg:ring-bark/10"
      >
        <div className="mb-6">
          <h2 id="submissions-heading" className="text-2xl font-semibold text-bark sm:text-3xl">
            {typeset("Odeslaná data z formulářů")}
          </h2>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-bark-soft">
            <span aria-live="polite">{totalRecords(submissions.length)}</span>
            {newCount > 0 && (
              <span
                data-new-count
                className="rounded-full bg-moss px-2.5 py-0.5 text-sm font-semibold text-cream"
              >
                Nových: {newCount}
              </span>
            )}
          </p>
        </div>
        {submissions.length > 0 && (
          <InboxToolbar
            filter={filter}
            onChange={changeFilter}
            shown={shown.length}
            total={submissions.length}
            onExport={() => void exportCsv()}
          />
        )}
        {submissions.length === 0 ? (
          <SubmissionsTable submissions={[]} onDelete={setPendingDelete} />
        ) : shown.length === 0 ? (
          <p className="rounded-2xl bg-white/70 px-6 py-12 text-center text-bark-soft ring-1 ring-bark/10">
            {noMatchText}
          </p>
        ) : wide ? (
          <SubmissionsTable submissions={shown} onDelete={setPendingDelete} />
        ) : (
          <SubmissionCards submissions={shown} onDelete={setPendingDelete} />
        )}
      </section>

      <section
        aria-labelledby="note-heading"
        className="mt-8 rounded-[2rem] bg-sage-light/60 p-6 ring-1 ring-moss/15 sm:p-8"
      >
        <h2 id="note-heading" className="flex items-center gap-3 text-2xl font-semibold text-bark">
          <NotebookPen aria-hidden="true" className="size-6 text-moss-dark" />
          Poznámka
        </h2>
        <NoteText />
      </section>

      <DeleteSubmissionDialog
        submission={pendingDelete}
        onCancel={() => setPendingDelete(null)}
        onConfirm={(submission) => void confirmDelete(submission)}
      />
    </AdminFrame>
  );
}
