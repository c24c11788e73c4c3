import { CalendarSync, Copy, RefreshCw } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { AdminSection } from "~/components/admin/admin-section";
import { cardClasses } from "~/components/admin/booking-settings-parts";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { AdminApiError, renewCalendarFeedAddress } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

export const calendarFeedNotices = {
  copied: "Adresa kalendáře je zkopírovaná.",
  notCopied: "Adresu se nepodařilo zkopírovat: označte ji a zkopírujte ručně.",
  renewed: "Kalendář má novou adresu. Zadejte ji v telefonu místo té dosavadní.",
  failed: "Novou adresu se nepodařilo vytvořit. Zkuste to prosím znovu.",
} as const;

/**
 * Her private calendar feed: the address with „Zkopírovat adresu“, how to subscribe on an
 * iPhone and in Google Calendar, and „Vytvořit novou adresu“ (asked first) for when it leaked.
 */
export function CalendarFeedBlock({ initialAddress }: { initialAddress: string | null }) {
  const [address, setAddress] = useState(initialAddress);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      toast.success(calendarFeedNotices.copied);
    } catch {
      field.current?.select();
      toast.error(calendarFeedNotices.notCopied);
    }
  }

  async function renew() {
    setBusy(true);
    try {
      setAddress(await renewCalendarFeedAddress());
      toast.success(calendarFeedNotices.renewed);
    } catch (error) {
      toast.error(
        error instanceof AdminApiError && error.status < 500
          ? error.message
          : calendarFeedNotices.failed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminSection
      headingId="calendar-feed-heading"
      icon={CalendarSync}
      title={"Rezervace a\u00a0akce v\u00a0kalendáři telefonu"}
      intro="Kalendář v telefonu může odebírat vaše rezervace a akce z této soukromé adresy: uvidíte v něm každou čekající i potvrzenou rezervaci se jménem, e-mailem, telefonem a poznámkou a každou zveřejněnou akci s počtem přihlášených. Kdo adresu zná, vidí totéž – nikomu ji neposílejte."
    >
      <div className={`mt-5 ${cardClasses}`}>
        {address === null ? (
          <p className="text-terracotta-dark" role="alert">
            {typeset("Adresu kalendáře se nepodařilo načíst. Obnovte prosím stránku.")}
          </p>
        ) : (
          <>
            <label htmlFor="calendar-feed-address" className="block font-semibold text-bark">
              Adresa kalendáře
            </label>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <input
                ref={field}
                id="calendar-feed-address"
                readOnly
                value={address}
                onFocus={(event) => event.target.select()}
                className="h-12 w-full min-w-0 rounded-2xl sm:flex-1 border border-bark-soft/70 bg-white px-4 font-mono text-sm text-bark"
              />
              <Button variant="secondary" onClick={() => void copy()}>
                <Copy aria-hidden="true" className="size-5" />
                Zkopírovat adresu
              </Button>
            </div>
            <div className="mt-5 grid gap-5 md:grid-cols-2">
              <div>
                <h3 className="font-semibold text-bark">iPhone</h3>
                <p className="mt-1 leading-relaxed text-bark-soft">
                  {typeset("Otevřete tuto stránku v iPhonu a klepněte na ")}
                  <a
                    href={address.replace(/^https?:/, "webcal:")}
                    className="font-semibold text-moss-dark underline underline-offset-4"
                  >
                    {"Přidat do kalendáře v\u00a0iPhonu"}
                  </a>
                  {typeset(
                    ". Nebo adresu zkopírujte a vložte ji v Nastavení → Kalendář → Účty → Přidat účet → Jiný → Přidat odebíraný kalendář.",
                  )}
                </p>
              </div>
              <div>
                <h3 className="font-semibold text-bark">Android (Kalendář Google)</h3>
                <p className="mt-1 leading-relaxed text-bark-soft">
                  {typeset(
                    "Aplikace adresu přidat neumí, udělejte to na webu: v prohlížeči otevřete calendar.google.com, u „Další kalendáře“ klepněte na + → „Z adresy URL“ a vložte adresu. Kalendář se pak objeví i v telefonu. Google nové rezervace načítá se zpožděním, někdy až několik hodin.",
                  )}
                </p>
              </div>
            </div>
            <div className="mt-6 border-t border-bark/10 pt-5">
              <p className="max-w-3xl leading-relaxed text-bark-soft">
                {typeset(
                  "Když se adresa dostala k někomu dalšímu, vytvořte novou: ta dosavadní hned přestane fungovat a v telefonu ji nahradíte novou.",
                )}
              </p>
              <Button
                variant="secondary"
                className="mt-3"
                onClick={() => setAsking(true)}
                aria-busy={busy}
                disabled={busy}
              >
                <RefreshCw aria-hidden="true" className="size-5" />
                {busy ? "Vytvářím…" : "Vytvořit novou adresu"}
              </Button>
            </div>
          </>
        )}
        <ConfirmDialog
          open={asking}
          onCancel={() => setAsking(false)}
          title="Vytvořit novou adresu kalendáře?"
          description={
            <p>
              {typeset(
                "Dosavadní adresa hned přestane fungovat: kalendáře, které ji odebírají, nebudou rezervace ukazovat, dokud v nich nezadáte novou.",
              )}
            </p>
          }
          action={
            <AlertDialogAction
              onClick={() => {
                setAsking(false);
                void renew();
              }}
            >
              Vytvořit novou adresu
            </AlertDialogAction>
          }
        />
      </div>
    </AdminSection>
  );
}
