import "@fontsource-variable/lora/wght.css";
import "@fontsource-variable/public-sans/wght.css";
import "./app.css";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { iconPaths, siteFilePaths, themeColour } from "~/lib/site-files";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  // `sizes` keeps browsers that understand SVG from picking the .ico instead.
  { rel: "icon", href: iconPaths.ico, sizes: "32x32" },
  { rel: "icon", href: iconPaths.svg, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: iconPaths.appleTouch },
  { rel: "manifest", href: siteFilePaths.manifest },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="cs">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColour} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the moment the page became interactive (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}

/** The router's generic error screen, for errors while rendering. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const details = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl px-6 py-24">
      <h1 className="text-3xl font-semibold">Unexpected Application Error!</h1>
      <pre className="mt-6 overflow-x-auto whitespace-pre-wrap rounded-xl bg-sand p-4 text-sm">
        {details}
      </pre>
      <a href="/" className="mt-8 inline-block font-medium text-moss-dark underline">
        Zpět na úvodní stránku
      </a>
    </main>
  );
}
