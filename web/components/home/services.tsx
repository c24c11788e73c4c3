import { clsx } from "clsx";
import {
  ArrowRight,
  CalendarHeart,
  Flower2,
  HandHeart,
  HeartHandshake,
  Laptop,
  Sprout,
  SunMedium,
  Users,
} from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { contactAbout, homeAnchors, homeSection, paths } from "#shared/routes";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { czech } from "~/lib/typography";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

type Service = {
  title: string;
  icon: Icon;
  description: string;
  /** What the service consists of; `ordered` when it is a sequence of steps. */
  parts: readonly string[];
  ordered?: boolean;
  status?: string;
  featured?: boolean;
  link: string;
};

const services: readonly Service[] = [
  {
    title: "Dary přírody",
    icon: Flower2,
    description:
      "Oleje, vykuřovadla a další dary z rostlin, které sbírám s úctou v rytmu ročních období. Každý kousek vyrábím ručně, pomalu a s láskou.",
    parts: ["Květinové a bylinné oleje", "Bylinná vykuřovadla", "Květiny", "Dekorace"],
    link: contactAbout("products"),
  },
  {
    title: "Harmonizační setkání",
    icon: HeartHandshake,
    description: "Čas jen pro vás, kdy se tělo i mysl mohou úplně uvolnit. Setkání má tři části:",
    parts: [
      "Kakaový rituál na otevření srdce",
      "Individuální část: zvuková lázeň, vědomý dotek, intuitivní masáž nebo řízená meditace",
      "Tvorba vaší osobní vůně",
    ],
    ordered: true,
    featured: true,
    link: paths.harmonisation,
  },
  {
    title: "Online kurzy",
    icon: Laptop,
    status: "V přípravě...",
    description:
      "Rituály na každý den, práce s bylinami a péče o sebe – v klidu domova a vlastním tempem. Napište mi a dám vám vědět jako první, až budou kurzy hotové.",
    parts: ["Denní rituály", "Byliny v kuchyni i lékárničce", "Péče o sebe krok za krokem"],
    link: contactAbout("course"),
  },
  {
    title: "Živá setkání",
    icon: Users,
    description:
      "Workshopy a kruhy pro ženy: společné tvoření, sdílení a čas v přírodě. Prostor mezi ženami, které vám rozumějí a před kterými nemusíte nic předstírat.",
    parts: ["Sezónní kruhy žen", "Tvořivé workshopy s bylinami", "Rituály pod širým nebem"],
    link: contactAbout("workshop"),
  },
];

const benefits: readonly { title: string; icon: Icon; text: string }[] = [
  {
    title: "Síla Matky Země",
    icon: Sprout,
    text: "Pracuji s tím, co dává příroda: s bylinami, květy, kakaem, zvukem a dotekem. Bez chemie a bez spěchu, v rytmu ročních období.",
  },
  {
    title: "Celostní přístup",
    icon: SunMedium,
    text: "Tělo, mysl i duše k sobě patří. Nedívám se jen na jednu potíž, ale na celého člověka a na to, co právě prožíváte.",
  },
  {
    title: "Individuální přístup",
    icon: HandHeart,
    text: "Každé setkání připravuji přímo pro vás – podle toho, jak se cítíte a co vaše tělo i duše právě potřebují.",
  },
];

/** The four offers, then what they have in common and a way to book. */
export function ServicesSection() {
  return (
    <Section
      id={homeAnchors.services}
      eyebrow="Nabízím"
      title={czech("Cesty k harmonii těla i duše")}
      intro={czech(
        "Vyberte si, co je vám právě nejblíž. Ke všemu přistupuji s úctou k přírodě i k vám – pomalu, s citem a bez spěchu.",
      )}
      tone="sand"
    >
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {services.map((service) => (
          <li key={service.title} className="flex">
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>

      <div className="mt-20 sm:mt-24">
        <h3 className="text-center text-2xl font-semibold text-bark sm:text-3xl">
          {czech("Co mou práci provází")}
        </h3>
        <ul className="mt-10 grid gap-10 md:grid-cols-3 md:gap-8">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="text-center">
              <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-cream text-moss-dark shadow-soft ring-1 ring-bark/5">
                <benefit.icon aria-hidden="true" className="size-7" />
              </span>
              <h4 className="mt-5 font-serif text-xl font-semibold text-bark">{benefit.title}</h4>
              <p className="mx-auto mt-3 max-w-xs leading-relaxed text-pretty text-bark-soft">
                {czech(benefit.text)}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="max-w-md text-lg text-pretty text-bark-soft">
            {czech("Nevíte si rady s výběrem? Napište mi a společně najdeme, co vám udělá dobře.")}
          </p>
          <ButtonLink to={homeSection(homeAnchors.contact)} className="px-8 py-3 text-lg">
            <CalendarHeart aria-hidden="true" className="size-5" />
            Objednat konzultaci
          </ButtonLink>
        </div>
      </div>
    </Section>
  );
}

function ServiceCard({ service }: { service: Service }) {
  const { featured } = service;
  const List = service.ordered ? "ol" : "ul";
  return (
    <article
      className={clsx(
        "flex w-full flex-col rounded-[2rem] p-6 shadow-soft sm:p-7 ring-1 transition duration-300 hover:-translate-y-1 hover:shadow-lifted",
        featured
          ? "bg-moss-dark text-cream ring-moss-dark [&_:focus-visible]:outline-sand"
          : "bg-cream text-bark ring-bark/5",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={clsx(
            "flex size-14 items-center justify-center rounded-2xl",
            featured ? "bg-cream/10 text-sand" : "bg-sage-light text-moss-dark",
          )}
        >
          <service.icon aria-hidden="true" className="size-7" />
        </span>
        {service.status && (
          <p className="rounded-full bg-sand px-3 py-1 text-sm font-semibold text-bark">
            {czech(service.status)}
          </p>
        )}
      </div>
      <h3 className="mt-6 text-2xl font-semibold">{service.title}</h3>
      <p className={clsx("mt-3 leading-relaxed", featured ? "text-cream" : "text-bark-soft")}>
        {czech(service.description)}
      </p>
      <List className="mt-5 mb-8 space-y-2.5">
        {service.parts.map((part, index) => (
          <li key={part} className="flex gap-3 leading-snug">
            <span
              aria-hidden="true"
              className={clsx(
                "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                featured ? "bg-sand text-bark" : "bg-sage-light text-moss-dark",
              )}
            >
              {service.ordered ? index + 1 : "✿"}
            </span>
            <span>{czech(part)}</span>
          </li>
        ))}
      </List>
      <ButtonLink
        to={service.link}
        aria-label={`Zjistit více – ${service.title}`}
        variant={featured ? "light" : "secondary"}
        className="mt-auto self-start"
      >
        Zjistit více
        <ArrowRight aria-hidden="true" className="size-5" />
      </ButtonLink>
    </article>
  );
}
