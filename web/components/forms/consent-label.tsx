import { ExternalLink } from "lucide-react";
import { paths } from "#shared/routes";
import { czech, typeset } from "~/lib/typography";

/**
 * The text beside a form's consent box, with a link to the privacy notice.
 * The notice opens in a new tab so that what the visitor has typed stays
 * where it is; the link says so.
 */
export function ConsentLabel({ consent, address }: { consent: string; address: "vy" | "ty" }) {
  return (
    <>
      {typeset(consent)}{" "}
      {address === "vy" ? "Podrobnosti najdete v\u00a0" : "Podrobnosti najdeš v\u00a0"}
      <a
        href={paths.privacy}
        target="_blank"
        rel="noopener"
        className="font-semibold text-moss-dark underline underline-offset-4 hover:decoration-2"
      >
        {czech("zásadách ochrany osobních údajů")}
        <span className="sr-only"> (otevřou se v nové záložce)</span>
        <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-0.125em]" />
      </a>
      .
    </>
  );
}
