import { History } from "lucide-react";
import { useState } from "react";
import type { AuditPage } from "#shared/user-admin";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import { actorOf, describeAuditEntry, formatDateTime } from "~/components/admin/user-format";
import { EmailAddress } from "~/components/email-link";
import { Button } from "~/components/ui/button";
import { currentAccessToken, fetchAuditLog } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

const failedToLoad = "Záznamy změn se nepodařilo načíst. Zkuste to prosím znovu.";

/** „Záznamy změn“: every change of roles, two-factor and submissions, newest first. */
export function AuditLogScreen({
  email,
  initialPage,
  listFailed,
}: {
  email: string;
  initialPage: AuditPage;
  listFailed: boolean;
}) {
  const [entries, setEntries] = useState(initialPage.entries);
  const [nextBefore, setNextBefore] = useState(initialPage.next_before);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(listFailed);

  async function loadOlder() {
    if (nextBefore === null) return;
    setLoading(true);
    try {
      const page = await fetchAuditLog(await currentAccessToken(), nextBefore);
      setEntries((current) => [...current, ...page.entries]);
      setNextBefore(page.next_before);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <AdminFrame email={email}>
      <AdminSection
        headingId="audit-heading"
        icon={History}
        title="Záznamy změn"
        intro={
          "Každé přidělení a odebrání přístupu, zapnutí a zrušení ověření kódem z aplikace a smazání záznamu z formulářů – u smazaného záznamu jen datum a formulář, nikdy jeho obsah. Záznamy nejde upravit ani smazat."
        }
        header={
          failed && (
            <p role="alert" className="mt-4 font-medium text-terracotta-dark">
              {failedToLoad}
            </p>
          )
        }
      >
        {entries.length === 0 ? (
          <p className="mt-6 px-2 text-bark-soft sm:px-0">Zatím se nic nezměnilo.</p>
        ) : (
          <ol className="mt-6 divide-y divide-bark/10 overflow-hidden rounded-2xl bg-white/70 ring-1 ring-bark/10">
            {entries.map((entry) => (
              <li
                key={entry.id}
                data-audit-entry={entry.id}
                className="grid gap-1 px-4 py-4 lg:grid-cols-[11rem_1fr_minmax(12rem,18rem)] lg:gap-6"
              >
                <time dateTime={entry.at} className="text-sm whitespace-nowrap text-bark-soft">
                  {formatDateTime(entry.at)}
                </time>
                <p className="break-words text-bark">{typeset(describeAuditEntry(entry))}</p>
                <p className="text-sm text-bark-soft">
                  Kdo:{" "}
                  {entry.actor_email ? (
                    <EmailAddress address={entry.actor_email} />
                  ) : (
                    actorOf(entry)
                  )}
                </p>
              </li>
            ))}
          </ol>
        )}
        {nextBefore !== null && (
          <div className="mt-6 px-2 sm:px-0">
            <Button variant="secondary" onClick={() => void loadOlder()} disabled={loading}>
              Načíst starší záznamy
            </Button>
          </div>
        )}
      </AdminSection>
    </AdminFrame>
  );
}
