import { AtSign, ChevronDown, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { HomeSections } from "#shared/content/page-home";
import type { ServiceChoice } from "#shared/content/service-choices";
import type { ContactFormValues } from "#shared/form-schemas";
import { site } from "#shared/site";
import { EmailLink } from "~/components/email-link";
import { ContactForm } from "~/components/forms/contact-form";
import type { SubmittedForm } from "~/components/forms/submitted-form";
import { PhoneLink } from "~/components/phone-link";
import { LeafSprig } from "~/components/ui/botanical";
import { useSiteOperator } from "~/lib/site-operator";
import { czech, typeset } from "~/lib/typography";

/**
 * The contact section's data: the form's „Služba“ choices, from the page's loader data; a refused
 * form sent without scripts, on the server's answer only; her headings, intro and questions.
 */
export type ContactSectionProps = {
  services: readonly ServiceChoice[];
  submitted?: SubmittedForm<ContactFormValues>;
  texts: HomeSections["contact"];
};

/**
 * The contact section's content: the form, direct contacts and the common
 * questions. Its code loads when the visitor nears it (see contact.tsx).
 */
export function ContactContent({ services, submitted, texts }: ContactSectionProps) {
  const { location } = site;
  const operator = useSiteOperator();
  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[1.35fr_0.65fr] lg:gap-10">
        <div>
          <ContactForm services={services} submitted={submitted} />
        </div>

        <aside
          aria-labelledby="contact-details-heading"
          className="relative isolate self-start overflow-hidden rounded-[2rem] bg-moss-dark p-8 lg:sticky lg:top-28 [&_:focus-visible]:outline-sand text-cream shadow-soft sm:p-10"
        >
          <LeafSprig className="absolute -right-8 -bottom-10 -z-10 h-56 -rotate-12 text-sage/30" />
          <h3 id="contact-details-heading" className="text-2xl font-semibold">
            {czech(texts.detailsHeading)}
          </h3>
          <ul className="mt-8 space-y-6">
            <ContactItem icon={<Mail className="size-5" />} label="E-mail">
              <EmailLink
                address={operator.email}
                className="font-semibold underline decoration-sage underline-offset-4 hover:decoration-cream"
              />
            </ContactItem>
            {operator.phone && (
              <ContactItem icon={<Phone className="size-5" />} label="Telefon">
                <PhoneLink
                  phone={operator.phone}
                  className="font-semibold underline decoration-sage underline-offset-4 hover:decoration-cream"
                />
              </ContactItem>
            )}
            <ContactItem icon={<AtSign className="size-5" />} label={operator.socialNetwork}>
              <a
                href={operator.socialUrl}
                rel="noopener"
                className="font-semibold underline decoration-sage underline-offset-4 hover:decoration-cream"
              >
                {operator.socialHandle}
              </a>
            </ContactItem>
            <ContactItem icon={<MapPin className="size-5" />} label="Místo">
              <span className="font-semibold">{`${location.locality}, ${location.countryName}`}</span>
              <span className="mt-1 block text-sm text-sage-light">
                {czech(`Osobně: ${location.serviceArea} · online odkudkoli`)}
              </span>
            </ContactItem>
          </ul>
        </aside>
      </div>

      <div className="mx-auto mt-20 max-w-3xl">
        <h3 className="text-center text-2xl font-semibold text-bark sm:text-3xl">
          {czech(texts.faqHeading)}
        </h3>
        <div className="mt-8 space-y-4">
          {texts.faq.map((item) => (
            <details
              key={item.question}
              className="group rounded-3xl bg-sand/50 ring-1 ring-bark/5 open:bg-sand/70"
            >
              <summary className="flex min-h-14 items-center justify-between gap-4 rounded-3xl px-6 py-4 font-serif text-lg font-semibold text-bark [&::-webkit-details-marker]:hidden">
                {czech(item.question)}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-moss-dark transition-transform duration-200 group-open:rotate-180"
                />
              </summary>
              <p className="px-6 pb-6 leading-relaxed text-pretty text-bark-soft">
                {czech(item.answer)}
              </p>
            </details>
          ))}
        </div>
      </div>
    </>
  );
}

function ContactItem({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-cream/10 text-sand"
      >
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm tracking-wider text-sage-light uppercase">
          {typeset(label)}
        </span>
        <span className="block">{children}</span>
      </span>
    </li>
  );
}
