import { Download, Mail, MailPlus, Send, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  type NewsletterState,
  newsletterSourceLabels,
  newsletterStateLabels,
  newsletterStates,
} from "#shared/newsletter";
import type { NewsletterListJson, NewsletterSubscriberJson } from "#shared/newsletter-schemas";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import { downloadFile } from "~/components/admin/download-file";
import { letterAdminPath, newLetterId } from "~/components/admin/letters-list-screen";
import { formatDateTime } from "~/components/admin/user-format";
import { newsletterCsvFileName, toNewsletterCsv } from "~/components/newsletter/newsletter-csv";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button, buttonClasses } from "~/components/ui/button";
import {
  exportNewsletterSubscribers,
  fetchNewsletterSubscribers,
  removeNewsletterSubscriber,
} from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

const notices = {
  loadFailed: "Seznam odběratelů se nepodařilo načíst. Zkuste to prosím znovu.",
  exportFailed: "Seznam se nepodařilo stáhnout. Zkuste to prosím znovu.",
  removed: "Adresa je ze seznamu odebraná.",
  removeFailed: "Adresu se nepodařilo odebrat. Zkuste to prosím znovu.",
} as const;

/** The filter's query parameter: „?stav=prihlasen“. */
const filterParam = "stav";
const stateSlugs = {
  pending: "ceka",
  subscribed: "prihlasen",
  unsubscribed: "odhlasen",
  undeliverable: "nedorucitelny",
} as const satisfies Record<NewsletterState, string>;

function stateOfSlug(slug: string | null): NewsletterState | null {
  return newsletterStates.find((state) => stateSlugs[state] === slug) ?? null;
}

const stateTones = {
  pending: "bg-sand text-bark",
  subscribed: "bg-sage-light text-moss-dark",
  unsubscribed: "bg-white text-bark-soft ring-1 ring-bark/15",
  undeliverable: "bg-terracotta/15 text-terracotta-dark",
} as const satisfies Record<NewsletterState, string>;

/** „Novinky“: who is on her list, in which state, from which form; the export and removing one. */
export function NewsletterAdminScreen({
  email,
  initial,
}: {
  email: string;
  initial: NewsletterListJson | null;
}) {
  const [list, setList] = useState(initial);
  const [removing, setRemoving] = useState<NewsletterSubscriberJson | null>(null);
  const [exporting, setExporting] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = stateOfSlug(searchParams.get(filterParam));
  const shown = (list?.subscribers ?? []).filter((row) => !filter || row.state === filter);

  async function reload() {
    try {
      setList(await fetchNewsletterSubscribers());
    } catch {
      toast.error(notices.loadFailed);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await exportNewsletterSubscribers();
      const chosen = rows.filter((row) => !filter || row.state === filter);
      downloadFile(toNewsletterCsv(chosen), newsletterCsvFileName(new Date()), "text/csv");
    } catch {
      toast.error(notices.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  async function remove(subscriber: NewsletterSubscriberJson) {
    setRemoving(null);
    try {
      await removeNewsletterSubscriber(subscriber.id);
      toast.success(notices.removed);
    } catch {
      toast.error(notices.removeFailed);
    }
    await reload();
  }

  const choose = (state: NewsletterState | null) =>
    setSearchParams(state ? { [filterParam]: stateSlugs[state] } : {}, { replace: true });

  return (
    <AdminFrame email={email}>
      <AdminSection
        headingId="newsletter-heading"
        icon={Mail}
        title="Novinky"
        intro="Dopisy, které píšete odběratelům, a kdo se k odběru přihlásil: u dárků nebo na blogu. Přihlášení platí, až ho člověk potvrdí odkazem z e-mailu; odhlásit se může kdykoli odkazem v každém dopise."
        header={
          list === null && (
            <p role="alert" className="mt-4 font-medium text-terracotta-dark">
              {notices.loadFailed}
            </p>
          )
        }
      >
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Link
            to={letterAdminPath(newLetterId)}
            className={buttonClasses("primary", "w-full sm:w-auto")}
          >
            <MailPlus aria-hidden="true" className="size-5" />
            Napsat dopis
          </Link>
          <Link to={paths.adminLetters} className={buttonClasses("secondary", "w-full sm:w-auto")}>
            <Send aria-hidden="true" className="size-5" />
            Dopisy odběratelům
          </Link>
        </div>
        {list && (
          <>
            <h3 className="mt-8 text-xl font-semibold text-bark">Odběratelé</h3>
            <fieldset className="mt-4 flex flex-wrap gap-2">
              <legend className="sr-only">Zobrazit odběratele podle stavu</legend>
              <FilterButton pressed={filter === null} onClick={() => choose(null)}>
                Všichni <Count n={list.subscribers.length} />
              </FilterButton>
              {newsletterStates.map((state) => (
                <FilterButton key={state} pressed={filter === state} onClick={() => choose(state)}>
                  {newsletterStateLabels[state]} <Count n={list.counts[state]} />
                </FilterButton>
              ))}
            </fieldset>
            <div className="mt-5">
              <Button
                variant="secondary"
                onClick={() => void exportCsv()}
                disabled={exporting || shown.length === 0}
              >
                <Download aria-hidden="true" className="size-5" />
                Stáhnout CSV
              </Button>
            </div>
            {shown.length === 0 ? (
              <p className="mt-6 text-bark-soft">
                {typeset(
                  list.subscribers.length === 0
                    ? "Zatím se nikdo nepřihlásil."
                    : "V tomto stavu teď nikdo není.",
                )}
              </p>
            ) : (
              <ul className="mt-6 grid gap-3 lg:grid-cols-2">
                {shown.map((subscriber) => (
                  <SubscriberCard
                    key={subscriber.id}
                    subscriber={subscriber}
                    onRemove={() => setRemoving(subscriber)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </AdminSection>
      <ConfirmDialog
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        title="Odebrat ze seznamu?"
        description={
          <div>
            {removing && (
              <p className="mb-2 rounded-xl bg-sand/50 px-3 py-2 font-semibold text-bark [overflow-wrap:anywhere]">
                {removing.email}
              </p>
            )}
            <p>
              {typeset(
                "Adresa zmizí ze seznamu i s doklady o souhlasu a e-maily, které jí web poslal. Tuto akci nelze vrátit zpět.",
              )}
            </p>
          </div>
        }
        action={
          <AlertDialogAction onClick={() => removing && void remove(removing)}>
            Odebrat
          </AlertDialogAction>
        }
      />
    </AdminFrame>
  );
}

function Count({ n }: { n: number }) {
  return <span className="ml-1 font-semibold tabular-nums">{n}</span>;
}

function FilterButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={
        pressed
          ? "min-h-11 rounded-full bg-moss px-4 text-cream"
          : "min-h-11 rounded-full bg-white px-4 text-bark ring-1 ring-bark/15 hover:bg-sand/60"
      }
    >
      {children}
    </button>
  );
}

function SubscriberCard({
  subscriber,
  onRemove,
}: {
  subscriber: NewsletterSubscriberJson;
  onRemove: () => void;
}) {
  const dates = [
    ["Souhlas", subscriber.consented_at],
    ["Potvrzeno", subscriber.confirmed_at],
    ["Odhlášeno", subscriber.unsubscribed_at],
  ] as const;
  return (
    <li
      data-subscriber={subscriber.email}
      className="rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold text-bark [overflow-wrap:anywhere]">
          {subscriber.email}
          {subscriber.name && (
            <span className="block font-normal text-bark-soft">{subscriber.name}</span>
          )}
        </p>
        <span
          data-state={subscriber.state}
          className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${stateTones[subscriber.state]}`}
        >
          {newsletterStateLabels[subscriber.state]}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-bark-soft">
        <dt>Odkud</dt>
        <dd className="text-bark">{newsletterSourceLabels[subscriber.source]}</dd>
        {dates.map(([label, at]) =>
          at ? (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-bark">{formatDateTime(at)}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <div className="mt-3">
        <Button variant="ghost" onClick={onRemove} className="-ml-3">
          <Trash2 aria-hidden="true" className="size-5" />
          Odebrat<span className="sr-only"> {subscriber.email}</span>
        </Button>
      </div>
    </li>
  );
}
