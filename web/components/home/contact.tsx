import { lazy } from "react";
import type { HomeSections } from "#shared/content/page-home";
import type { ServiceChoice } from "#shared/content/service-choices";
import type { ContactFormValues } from "#shared/form-schemas";
import { homeAnchors } from "#shared/routes";
import type { SubmittedForm } from "~/components/forms/submitted-form";
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
export function ContactSection({
  services,
  submitted,
  texts,
}: {
  services: readonly ServiceChoice[];
  submitted?: SubmittedForm<ContactFormValues>;
  texts: HomeSections["contact"];
}) {
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
