import { Eye, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { AdminApiError } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** A page as the server rendered it for a preview: its address and its HTML. */
export type PreviewPage = { path: string; html: string };

/**
 * „Náhled“ under an editor: the button (`load` fetches the preview; a failure is told in a
 * notice), what it does (`explanation`), and the open preview `shown` in a frame as wide as the
 * card allows, so that on a phone the page shows its phone layout. The frame runs no script.
 * `of` names what it shows („článku“, „stránky“).
 */
export function PreviewPanel({
  headingId,
  className,
  busy,
  load,
  explanation,
  shown,
  of,
  testId,
  onClose,
}: {
  headingId: string;
  className: string;
  busy: boolean;
  load: () => Promise<void>;
  explanation: string;
  shown: PreviewPage | null;
  of: string;
  testId: string;
  onClose: () => void;
}) {
  const [loading, setLoading] = useState(false);
  async function show() {
    setLoading(true);
    try {
      await load();
    } catch (error) {
      toast.error(
        error instanceof AdminApiError
          ? error.message
          : "Náhled se nepodařilo načíst. Zkuste to prosím znovu.",
      );
    } finally {
      setLoading(false);
    }
  }
  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="sr-only">
        Náhled
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button variant="secondary" disabled={loading || busy} onClick={show}>
          <Eye aria-hidden="true" className="size-5" />
          {shown ? "Aktualizovat náhled" : "Náhled"}
        </Button>
        <p className="text-sm leading-snug text-bark-soft">{typeset(explanation)}</p>
      </div>
      {shown && (
        <div className="-mx-4 mt-4 overflow-hidden ring-1 ring-bark/20 sm:mx-0 sm:rounded-2xl">
          <div className="flex items-center justify-between gap-3 bg-sand/70 px-4 py-2">
            <p className="min-w-0 text-sm font-semibold break-words text-bark">
              {typeset(`Náhled ${of} ${shown.path}`)}
            </p>
            <Button variant="ghost" className="px-2 py-1 text-sm" onClick={onClose}>
              <X aria-hidden="true" className="size-4" />
              Zavřít náhled
            </Button>
          </div>
          <iframe
            title={`Náhled ${of} ${shown.path}`}
            data-testid={testId}
            // Same origin for the site's styles, fonts and photos; no scripts, forms or pop-ups.
            sandbox="allow-same-origin"
            srcDoc={shown.html}
            className="block h-[38rem] w-full bg-cream lg:h-[48rem]"
          />
        </div>
      )}
    </section>
  );
}
