/**
 * „Náhled“ of a letter: the e-mail exactly as a subscriber gets it (the API renders it with the
 * real layout), in a sandboxed frame that runs nothing, as wide as a phone or as the screen; and
 * „Poslat zkoušku na můj e-mail“, which says where it went.
 */
import { clsx } from "clsx";
import { Eye, FlaskConical, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { LetterPreviewJson } from "#shared/newsletter-letters";
import { Button } from "~/components/ui/button";
import { AdminApiError, fetchLetterPreview, sendTestLetter } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

const failed = "Něco se nepovedlo. Zkuste to prosím znovu.";

export function LetterPreview({
  letterId,
  version,
  busy,
  prepare,
}: {
  letterId: string;
  /** The saved version: a new save makes the open preview stale, so it closes. */
  version: number;
  busy: boolean;
  /** Saves what she changed first; false when that was refused (the form says why). */
  prepare: () => Promise<boolean>;
}) {
  const [preview, setPreview] = useState<(LetterPreviewJson & { version: number }) | null>(null);
  const [width, setWidth] = useState<"phone" | "wide">("phone");
  const [working, setWorking] = useState(false);
  const [testSentTo, setTestSentTo] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setWorking(true);
    try {
      if (!(await prepare())) return;
      await action();
    } catch (error) {
      toast.error(error instanceof AdminApiError ? error.message : failed);
    } finally {
      setWorking(false);
    }
  }

  const show = () =>
    run(async () => {
      setPreview({ ...(await fetchLetterPreview(letterId)), version });
    });

  const sendTest = () =>
    run(async () => {
      const { sentTo } = await sendTestLetter(letterId);
      setTestSentTo(sentTo);
    });

  // A save after it was opened: the frame shows an older letter, so it is asked for again.
  const shown = preview && preview.version === version ? preview : null;
  const disabled = busy || working;

  return (
    <section aria-labelledby="letter-preview-heading" className="mt-10 px-2 sm:px-0">
      <h3 id="letter-preview-heading" className="text-xl font-semibold text-bark">
        Náhled a zkouška
      </h3>
      <p className="mt-2 max-w-2xl leading-relaxed text-bark-soft">
        {typeset(
          "Náhled ukáže dopis přesně tak, jak přijde odběratelům. Zkouška přijde jen vám, s „[Zkouška]“ v předmětu, a do počtů se nepočítá.",
        )}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {/* Full width on a phone, its sides narrower there: „Poslat zkoušku na můj e-mail“
            fits on one line at 360 px in the site's button size. */}
        <Button
          variant="secondary"
          disabled={disabled}
          className="px-4 sm:px-6"
          onClick={() => void show()}
        >
          <Eye aria-hidden="true" className="size-5" />
          {shown ? "Aktualizovat náhled" : "Zobrazit náhled"}
        </Button>
        <Button
          variant="secondary"
          disabled={disabled}
          className="px-4 sm:px-6"
          onClick={() => void sendTest()}
        >
          <FlaskConical aria-hidden="true" className="size-5" />
          {typeset("Poslat zkoušku na můj e-mail")}
        </Button>
      </div>
      <p role="status" className="mt-3 text-bark">
        {testSentTo && (
          <>
            {typeset("Zkušební dopis odešel na adresu")}{" "}
            <strong className="[overflow-wrap:anywhere]">{testSentTo}</strong>.
          </>
        )}
      </p>
      {shown && (
        <div className="-mx-4 mt-4 overflow-hidden ring-1 ring-bark/20 sm:mx-0 sm:rounded-2xl">
          <div className="flex flex-wrap items-center justify-between gap-2 bg-sand/70 px-4 py-2">
            <fieldset className="flex gap-1">
              <legend className="sr-only">Šířka náhledu</legend>
              {(
                [
                  ["phone", "Telefon"],
                  ["wide", "Počítač"],
                ] as const
              ).map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={width === value}
                  onClick={() => setWidth(value)}
                  className={clsx(
                    "min-h-11 rounded-full px-4 text-sm font-semibold",
                    width === value ? "bg-moss text-cream" : "text-bark hover:bg-white",
                  )}
                >
                  {label}
                </button>
              ))}
            </fieldset>
            <Button variant="ghost" className="px-2 py-1 text-sm" onClick={() => setPreview(null)}>
              <X aria-hidden="true" className="size-4" />
              Zavřít náhled
            </Button>
          </div>
          <p className="bg-white px-4 py-2 text-sm break-words text-bark">
            <span className="text-bark-soft">Předmět: </span>
            {shown.subject}
          </p>
          <div className="bg-[#f4efe6] py-3">
            <iframe
              title={`Náhled dopisu ${shown.subject}`}
              data-testid="letter-preview"
              // The mail's own HTML: no scripts, forms or pop-ups, and nothing of the site's.
              sandbox=""
              srcDoc={shown.html}
              className={clsx(
                "mx-auto block h-[40rem] bg-white lg:h-[48rem]",
                width === "phone" ? "w-[360px] max-w-full" : "w-full",
              )}
            />
          </div>
        </div>
      )}
    </section>
  );
}
