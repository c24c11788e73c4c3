import { lazy } from "react";
import type { HomeSections } from "#shared/content/page-home";
import { homeAnchors } from "#shared/routes";
import { Section } from "~/components/ui/section";
import { czech } from "~/lib/typography";
import { LoadWhenNear } from "~/progressive/load-when-near";

// The section's content and its form's code (react-hook-form, zod) load when
// the visitor nears it; the pre-rendered HTML shows it all from the start.
const ContactContent = lazy(() =>
  import("~/components/home/contact-content").then((module) => ({
    default: module.ContactContent,
  })),
);

/** How to get in touch: the form, direct contacts and the common questions. */
export function ContactSection({ texts }: { texts: HomeSections["contact"] }) {
  return (
    <Section
      id={homeAnchors.contact}
      eyebrow="Kontakt"
      title={czech(texts.heading)}
      intro={czech(texts.intro)}
    >
      <LoadWhenNear name="contact">
        <ContactContent texts={texts} />
      </LoadWhenNear>
    </Section>
  );
}
