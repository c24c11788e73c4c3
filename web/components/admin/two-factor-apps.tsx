import type { Factor } from "@supabase/auth-js";
import { KeyRound, Plus, Smartphone, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "#shared/routes";
import { AdminSection } from "~/components/admin/admin-section";
import { RecoveryCodes, TwoFactorSetup } from "~/components/admin/two-factor-setup";
import { formatMoment } from "~/components/admin/user-format";
import { AlertDialogAction, AlertDialogConfirm, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { typeset } from "~/lib/typography";

export const twoFactorAppsTexts = {
  listFailed: "Telefony s aplikací se nepodařilo načíst. Zkuste to prosím znovu.",
  removed: "Telefon je odebraný. Záznam tohoto webu v jeho aplikaci můžete smazat.",
  removeFailed: "Telefon se nepodařilo odebrat. Zkuste to prosím znovu.",
  codesFailed: "Nové záložní kódy se nepodařilo vytvořit. Zkuste to prosím znovu.",
  codesReady: "Nové záložní kódy jsou vytvořené. Dosavadní přestaly platit.",
} as const;

/** „Telefon přidaný 29. 11. 2026 v 3:40“, or the name she gave it. */
function describeApp(app: Factor): string {
  return app.friendly_name || `Telefon přidaný ${formatMoment(app.created_at)}`;
}

/**
 * „Můj účet“'s phones with her authenticator app (at aal2, as the whole
 * administration): another one added, an old one removed (the last one only
 * after a warning: the administration then asks for a new set-up), and new
 * recovery codes, the old ones void at once.
 */
export function TwoFactorApps() {
  const navigate = useNavigate();
  const [apps, setApps] = useState<Factor[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [askingCodes, setAskingCodes] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const { data, error } = await getAuthClient().mfa.listFactors();
      if (error) throw error;
      setApps(data.totp);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(app: Factor, lastOne: boolean) {
    setRemoving(null);
    setBusy(true);
    try {
      const { error } = await getAuthClient().mfa.unenroll({ factorId: app.id });
      if (error) throw error;
      toast.success(twoFactorAppsTexts.removed);
      if (lastOne) {
        // Her sessions are back at aal1: the administration leads her through a new set-up.
        await getAuthClient().refreshSession();
        navigate(paths.admin);
        return;
      }
      await load();
    } catch (thrown) {
      toast.error(messageOf(thrown, twoFactorAppsTexts.removeFailed));
    } finally {
      setBusy(false);
    }
  }

  async function regenerateCodes() {
    setAskingCodes(false);
    setBusy(true);
    try {
      const { data, error } = await getAuthClient().mfa.recoveryCodes.regenerate();
      if (error) throw error;
      setNewCodes(data.codes);
      toast.success(twoFactorAppsTexts.codesReady);
    } catch (thrown) {
      toast.error(messageOf(thrown, twoFactorAppsTexts.codesFailed));
    } finally {
      setBusy(false);
    }
  }

  if (adding) {
    return (
      <TwoFactorSetup
        another={(apps?.length ?? 0) > 0}
        onCancel={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          void load();
        }}
      />
    );
  }

  const lastOne = apps?.length === 1;
  return (
    <AdminSection
      headingId="two-factor-apps-heading"
      icon={Smartphone}
      title="Telefony s aplikací"
      intro="Do administrace vás kromě hesla pouští kód z aplikace v telefonu. Druhý telefon se hodí, kdyby se první ztratil nebo rozbil; starý telefon, který už nepoužíváte, odeberte."
      header={
        failed && (
          <p role="alert" className="mt-4 font-medium text-terracotta-dark">
            {twoFactorAppsTexts.listFailed}
          </p>
        )
      }
    >
      {newCodes ? (
        <div className="px-2 sm:px-0" data-testid="new-recovery-codes">
          <h3 className="mt-6 text-xl font-semibold text-bark">Nové záložní kódy</h3>
          <RecoveryCodes codes={newCodes} replacing onDone={() => setNewCodes(null)} />
        </div>
      ) : apps === null ? (
        !failed && (
          <div className="mt-6 px-2 sm:px-0">
            <Spinner label="Načítám telefony…" />
          </div>
        )
      ) : (
        <>
          {apps.length === 0 ? (
            <p className="mt-6 px-2 sm:px-0">
              {typeset("Ověření kódem z aplikace zatím zapnuté není.")}
            </p>
          ) : (
            <ul className="mt-6 grid gap-4 md:grid-cols-2">
              {apps.map((app) => (
                <li
                  key={app.id}
                  data-factor={app.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-3xl bg-white/80 p-5 ring-1 ring-bark/10"
                >
                  <p className="flex items-center gap-2 font-semibold text-bark">
                    <Smartphone aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
                    {typeset(describeApp(app))}
                  </p>
                  <Button
                    variant="secondary"
                    className="px-4"
                    disabled={busy}
                    onClick={() => setRemoving(app)}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                    Odebrat
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-6 flex flex-col gap-3 px-2 sm:flex-row sm:px-0">
            <Button variant="secondary" disabled={busy} onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-5" />
              {apps.length === 0 ? "Zapnout ověření kódem" : "Přidat další telefon"}
            </Button>
            {apps.length > 0 && (
              <Button variant="secondary" disabled={busy} onClick={() => setAskingCodes(true)}>
                <KeyRound aria-hidden="true" className="size-5" />
                Nové záložní kódy
              </Button>
            )}
          </div>
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        title={lastOne ? "Odebrat jediný telefon?" : "Odebrat tento telefon?"}
        description={
          <div className="grid gap-2">
            {removing && (
              <p className="rounded-xl bg-sand/50 px-3 py-2 font-semibold text-bark">
                {typeset(describeApp(removing))}
              </p>
            )}
            {lastOne ? (
              <p data-testid="last-app-warning" className="font-medium text-terracotta-dark">
                {typeset(
                  "Je to jediný telefon, kterým se do administrace ověřujete. Po odebrání přestanou platit i záložní kódy a administrace vás hned požádá o nastavení nové aplikace; bez ní se dovnitř nedostanete.",
                )}
              </p>
            ) : (
              <p>
                {typeset(
                  "Kódy z aplikace v tomto telefonu pak přestanou platit. Záložní kódy i ostatní telefony fungují dál. Záznam tohoto webu v aplikaci starého telefonu můžete smazat.",
                )}
              </p>
            )}
          </div>
        }
        action={
          <AlertDialogAction onClick={() => removing && void remove(removing, lastOne)}>
            Odebrat
          </AlertDialogAction>
        }
      />

      <ConfirmDialog
        open={askingCodes}
        onCancel={() => setAskingCodes(false)}
        title="Vytvořit nové záložní kódy?"
        description={
          <p>
            {typeset(
              "Dosavadní záložní kódy přestanou platit hned, i ty nepoužité. Nové uvidíte jen jednou, tak si je hned uložte nebo vytiskněte.",
            )}
          </p>
        }
        action={
          <AlertDialogConfirm onClick={() => void regenerateCodes()}>
            Vytvořit nové kódy
          </AlertDialogConfirm>
        }
      />
    </AdminSection>
  );
}
