import { AtSign, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { paths, privacyAnchors } from "#shared/routes";
import { site } from "#shared/site";
import { EmailLink } from "~/components/email-link";
import { PhoneLink } from "~/components/phone-link";
import { siteMenu } from "~/components/site-menu";
import { LeafSprig } from "~/components/ui/botanical";
import { LogoMark } from "~/components/ui/logo-mark";
import { useSiteOperator } from "~/lib/site-operator";
import { czech } from "~/lib/typography";

const linkClasses =
  "inline-flex min-h-11 items-center rounded-md underline-offset-4 decoration-sage hover:underline";

/**
 * The footer of every page: brand, menu, contact, the copyright notice and
 * who runs the site (a Czech business names itself on its website), from her published
 * „Údaje o provozovateli“.
 */
export function SiteFooter() {
  const { location } = site;
  const operator = useSiteOperator();
  return (
    <footer className="relative isolate print:hidden overflow-hidden bg-bark text-cream [&_:focus-visible]:outline-sand">
      <LeafSprig className="absolute -top-6 right-4 -z-10 h-64 rotate-[25deg] text-sage/15 sm:right-16" />
      <div className="mx-auto grid max-w-6xl gap-12 px-5 pt-16 pb-10 sm:px-8 md:grid-cols-[1.3fr_1fr_1fr]">
        <div>
          <Link to="/" className="inline-flex min-h-11 items-center gap-3 rounded-xl">
            <LogoMark className="size-12" />
            <span className="font-serif text-2xl font-semibold">{site.title}</span>
          </Link>
          <p className="mt-5 max-w-xs leading-relaxed text-sand">{czech(`${site.tagline}.`)}</p>
          <p className="mt-4 font-serif text-lg text-sage-light italic">
            {czech("Zpomalit. Nadechnout se. Vrátit se k sobě.")}
          </p>
        </div>

        <nav aria-labelledby="footer-menu-heading">
          <h2
            id="footer-menu-heading"
            className="font-sans text-sm font-semibold tracking-[0.2em] text-sage-light uppercase"
          >
            Menu
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6">
            {siteMenu.map((item) => (
              <li key={item.to}>
                <Link to={item.to} reloadDocument={item.reloadDocument} className={linkClasses}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="font-sans text-sm font-semibold tracking-[0.2em] text-sage-light uppercase">
            Kontakt
          </h2>
          <ul className="mt-4 space-y-1">
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="size-5 shrink-0 text-sage" />
              {/* Not inline-flex like the other links: the address must wrap as text. */}
              <EmailLink
                address={operator.email}
                className="rounded-md py-2.5 decoration-sage underline-offset-4 hover:underline"
              />
            </li>
            {operator.phone && (
              <li className="flex items-center gap-3">
                <Phone aria-hidden="true" className="size-5 shrink-0 text-sage" />
                <PhoneLink phone={operator.phone} className={linkClasses} />
              </li>
            )}
            <li className="flex items-center gap-3">
              <AtSign aria-hidden="true" className="size-5 shrink-0 text-sage" />
              <a href={operator.socialUrl} rel="noopener" className={linkClasses}>
                <span className="sr-only">{operator.socialNetwork}: </span>
                {operator.socialHandle}
              </a>
            </li>
            <li className="flex min-h-11 items-center gap-3">
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-sage" />
              {`${location.locality}, ${location.countryName}`}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-cream/15">
        <div className="mx-auto grid max-w-6xl gap-4 px-5 py-6 text-sm leading-relaxed text-sand sm:px-8 md:grid-cols-[1fr_auto] md:items-start md:gap-10">
          <div className="space-y-1">
            <p>
              © {site.copyrightYear} {operator.ownerName} · {site.title}
            </p>
            <p data-testid="operator-identification">
              {czech(
                `Provozovatelka: ${operator.ownerName}, IČO ${operator.ico}, se sídlem ${operator.seat}, ${operator.legalForm} ${operator.register}.`,
              )}
            </p>
          </div>
          <ul className="flex flex-wrap gap-x-6 md:justify-end">
            <li>
              <Link to={paths.privacy} className={linkClasses}>
                {czech("Zásady ochrany osobních údajů")}
              </Link>
            </li>
            <li>
              <Link to={`${paths.privacy}#${privacyAnchors.cookies}`} className={linkClasses}>
                {czech("Soubory cookies")}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
