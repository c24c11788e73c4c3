import { lazy } from "react";
import { homeAnchors } from "#shared/routes";
import type { ContactSectionProps } from "~/components/home/contact-content";
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

/**
 * How to get in touch: the form, direct contacts and the common questions. `services`: the
 * form's „Služba“ choices, from the page's loader data; `submitted`: a refused form sent without
 * scripts, on the server's answer only; `texts`: her headings, intro and questions.
 */
export function ContactSection({ services, submitted, texts }: ContactSectionProps) {
  return (
    <Section
      id={homeAnchors.contact}
      eyebrow="Kontakt"
      title={czech(texts.heading)}
      intro={czech(texts.intro)}
    >
      <LoadWhenNear name="contact">
        <ContactContent services={services} submitted={submitted} texts={texts} />
      </LoadWhenNear>
    </Section>
  );
}
