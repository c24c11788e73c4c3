import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "#shared/routes";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { buttonClasses } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { czech } from "~/lib/typography";

// One rendered page serves every unknown address, so its tags name none of them.
export const notFoundMeta = () =>
  pageMeta({
    title: "Stránka nenalezena",
    description: czech(
      "Tahle stránka neexistuje nebo se přestěhovala. Pokračujte na hlavní stránku – najdete tam harmonizační setkání, dárky zdarma i kontakt.",
    ),
    path: "/404",
    noIndex: true,
  });

/**
 * The not-found screen (the catch-all route's, and an unknown article's). Its words are
 * English, as the specification quotes them.
 */
export function NotFoundPage() {
  const location = useLocation();
  // In an effect, so the browser logs the address the visitor really asked for
  // (the page is rendered once for all of them).
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <main
      id="obsah"
      className="relative isolate flex min-h-[70vh] items-center justify-center overflow-hidden bg-linear-to-b from-sand/70 via-cream to-cream px-5 py-20 sm:px-8"
    >
      <LeafSprig className="pointer-events-none absolute -bottom-6 -left-8 -z-10 w-40 -rotate-12 text-sage sm:w-60" />
      <LeafSprig className="pointer-events-none absolute -top-4 -right-10 -z-10 w-36 rotate-[200deg] text-sage/80 sm:w-52" />
      <div className="max-w-xl text-center" lang="en">
        <Blossom className="mx-auto w-12 text-terracotta" />
        <p className="mt-4 font-serif text-8xl leading-none font-semibold text-terracotta-dark sm:text-9xl">
          404
        </p>
        <h1 className="mt-6 text-3xl font-semibold text-bark sm:text-4xl">Oops! Page not found</h1>
        <p lang="cs" className="mt-5 text-lg leading-relaxed text-bark-soft">
          {czech(
            "Tahle stránka tu není – možná se zatoulala někam do lesa. Cestu zpátky ale najdete snadno.",
          )}
        </p>
        <Link to={paths.home} className={buttonClasses("primary", "mt-8")}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
