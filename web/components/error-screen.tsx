import { isRouteErrorResponse } from "react-router";
import { site } from "#shared/site";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import { buttonClasses } from "~/components/ui/button";
import { LogoMark } from "~/components/ui/logo-mark";
import { czech } from "~/lib/typography";

/** What went wrong, in one line a visitor can pass on. */
function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's generic error screen. It replaces the whole layout (no header,
 * no footer), so it is a complete, calm page of its own. Its headline is
 * English, as the specification quotes it.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main
      id="main"
      className="relative isolate flex min-h-screen items-center justify-center overflow-hidden bg-linear-to-b from-sand/70 via-cream to-cream px-5 py-16 sm:px-8"
    >
      {/* The failed route's own meta is gone with it; React places this title in <head>. */}
      <title>{`Něco se pokazilo | ${site.title}`}</title>
      <LeafSprig className="pointer-events-none absolute -bottom-6 -left-8 -z-10 w-40 -rotate-12 text-sage sm:w-60" />
      <LeafSprig className="pointer-events-none absolute -top-4 -right-10 -z-10 w-36 rotate-[200deg] text-sage/80 sm:w-52" />
      <div className="w-full max-w-xl text-center">
        <p className="flex items-center justify-center gap-3 font-serif text-xl font-semibold text-moss-dark">
          <LogoMark className="size-10" />
          {site.title}
        </p>
        <Blossom className="mx-auto mt-10 w-10 text-terracotta" />
        <h1 lang="en" className="mt-4 text-3xl font-semibold text-bark sm:text-4xl">
          Unexpected Application Error!
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-bark-soft">
          {czech(
            "Omlouvám se, na stránce se něco pokazilo. Zkuste ji načíst znovu, nebo se vraťte na hlavní stránku – vše ostatní funguje dál.",
          )}
        </p>
        <pre className="mt-8 overflow-x-auto rounded-2xl bg-sand/70 p-5 text-left font-mono text-sm whitespace-pre-wrap text-bark ring-1 ring-bark/10">
          {describeError(error)}
        </pre>
        {stack && (
          <details className="mt-4 text-left">
            <summary className="cursor-pointer font-semibold text-moss-dark">Stack trace</summary>
            <pre className="mt-3 overflow-x-auto rounded-2xl bg-sand/50 p-4 text-xs text-bark">
              {stack}
            </pre>
          </details>
        )}
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {/* A full page load: it starts the app afresh instead of reusing the broken state. */}
          <a href="/" className={buttonClasses("primary")}>
            Zpět na hlavní stránku
          </a>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={buttonClasses("secondary")}
          >
            Načíst znovu
          </button>
        </div>
      </div>
    </main>
  );
}
