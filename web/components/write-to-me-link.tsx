import { Mail } from "lucide-react";
import { homeAnchors, homeSection } from "#shared/routes";
import { ButtonLink } from "~/components/ui/button";

/**
 * After her text where it asks to write to her (no event planned, no free time): the way to the
 * contact form, as on the home page's offers, so the text stays hers to edit. A plain link: it
 * works without scripts.
 */
export function WriteToMeLink() {
  return (
    <ButtonLink to={homeSection(homeAnchors.contact)} className="mt-6">
      <Mail aria-hidden="true" className="size-5" />
      Napsat zprávu
    </ButtonLink>
  );
}
