import { Mail } from "lucide-react";
import { homeAnchors, homeSection } from "#shared/routes";
import { ButtonLink } from "~/components/ui/button";

/**
 * After a text that asks to write to her (no event planned, no free time, a refusal): the way
 * to the contact form, as on the home page's offers, so the text stays hers to edit. A plain
 * link: it works without scripts. Below a text, by default; in a row of buttons, `className`
 * sets no margin.
 */
export function WriteToMeLink({ className = "mt-6" }: { className?: string }) {
  return (
    <ButtonLink to={homeSection(homeAnchors.contact)} className={className}>
      <Mail aria-hidden="true" className="size-5" />
      Napsat zprávu
    </ButtonLink>
  );
}
