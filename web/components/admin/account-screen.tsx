import { LogOut, MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { sessionIdleDays } from "#shared/session-lifetime";
import type { StatsSettingsJson } from "#shared/stats";
import type { SessionSummary } from "#shared/user-admin";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import { WeeklySummarySwitch } from "~/components/admin/overview/weekly-summary-switch";
import { TwoFactorApps } from "~/components/admin/two-factor-apps";
import { describeDevice, formatDateTime } from "~/components/admin/user-format";
import { PasswordChange } from "~/components/auth/password-change";
import { Button } from "~/components/ui/button";
import { currentAccessToken, fetchOwnSessions } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { typeset } from "~/lib/typography";

const failedToLoad = "Přihlášení se nepodařilo načíst. Zkuste to prosím znovu.";

/**
 * „Můj účet“: where her account is signed in, „Odhlásit všude jinde“, the phones with her code
 * app and her recovery codes, and her password.
 */
export function AccountScreen({
  email,
  initialSessions,
  listFailed,
  statsSettings,
}: {
  email: string;
  initialSessions: SessionSummary[];
  listFailed: boolean;
  /** Her weekly summary e-mail's setting; null when it could not be read. */
  statsSettings: StatsSettingsJson | null;
}) {
  const [sessions, setSessions] = useState(initialSessions);
  const [failed, setFailed] = useState(listFailed);
  const [busy, setBusy] = useState(false);
  const others = sessions.filter((session) => !session.current).length;

  async function signOutElsewhere() {
    setBusy(true);
    try {
      const { error } = await getAuthClient().signOut({ scope: "others" });
      if (error) throw error;
      setSessions((await fetchOwnSessions(await currentAccessToken())).sessions);
      setFailed(false);
      toast.success("Přihlášení na ostatních zařízeních jsou ukončená.");
    } catch {
      toast.error("Odhlášení jinde se nepodařilo. Zkuste to prosím znovu.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminFrame email={email}>
      <AdminSection
        headingId="sessions-heading"
        icon={MonitorSmartphone}
        title="Moje přihlášení"
        intro={`Zařízení a prohlížeče, ve kterých je váš účet právě přihlášený. Pokud některé nepoznáváte, odhlaste je a změňte si heslo. Přihlášení, které ${sessionIdleDays}\u00a0dní nepoužijete, skončí samo.`}
        header={
          failed && (
            <p role="alert" className="mt-4 font-medium text-terracotta-dark">
              {failedToLoad}
            </p>
          )
        }
      >
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {sessions.map((session) => (
            <li
              key={session.id}
              data-session={session.current ? "current" : "other"}
              className="rounded-3xl bg-white/80 p-5 ring-1 ring-bark/10"
            >
              <p className="flex flex-wrap items-center gap-2 font-semibold text-bark">
                {describeDevice(session.user_agent)}
                {session.current && (
                  <span className="rounded-full bg-moss px-2.5 py-0.5 text-sm text-cream">
                    toto zařízení
                  </span>
                )}
              </p>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-[0.9375rem]">
                <dt className="text-bark-soft">Adresa</dt>
                <dd className="break-all">{session.ip_address ?? "neznámá"}</dd>
                <dt className="text-bark-soft">Přihlášení</dt>
                <dd>{formatDateTime(session.created_at)}</dd>
                <dt className="text-bark-soft">Naposledy aktivní</dt>
                <dd>{formatDateTime(session.refreshed_at ?? session.created_at)}</dd>
              </dl>
            </li>
          ))}
        </ul>

        <div className="mt-6 flex flex-col gap-3 px-2 sm:flex-row sm:items-center sm:px-0">
          <Button
            variant="secondary"
            onClick={() => void signOutElsewhere()}
            disabled={busy || others === 0}
          >
            <LogOut aria-hidden="true" className="size-5" />
            Odhlásit všude jinde
          </Button>
          <p className="text-sm text-bark-soft" aria-live="polite">
            {others === 0
              ? "Jinde účet přihlášený není."
              : typeset(`Další přihlášení: ${others}. Toto zařízení zůstane přihlášené.`)}
          </p>
        </div>
      </AdminSection>

      <TwoFactorApps />

      <PasswordChange idPrefix="admin" className="mt-6" />

      <WeeklySummarySwitch initial={statsSettings} />
    </AdminFrame>
  );
}
