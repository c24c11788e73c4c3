import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { eventPath, signupClosedReason } from "#shared/events";
import { paths } from "#shared/routes";
import { ContentPhoto } from "~/components/content-photo";
import { EventFacts } from "~/components/events/event-facts";
import { eventStructuredData } from "~/components/events/event-structured-data";
import { FirstScreenEnd } from "~/components/first-screen-end";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { photos } from "~/components/photos";
import { LeafSprig } from "~/components/ui/botanical";
import { readContent } from "~/lib/content.server";
import { readEventPhotos, readEvents } from "~/lib/events.server";
import { pageMeta } from "~/lib/seo";
import { operatorOfMatches } from "~/lib/site-operator";
import { czech } from "~/lib/typography";
import { deferredPart, StaticPart } from "~/progressive/static-part";
import type { Route } from "./+types/events-event";

/**
 * Runs when the page is rendered into the page store: the event, and whether a visitor may
 * still sign up at the time of the render (the page is rendered again when its places change;
 * the server decides again at every sign-up).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await readEvents(context).find(params.slug);
  if (!event) throw new Response("Akce nenalezena", { status: 404 });
  const [texts, { photo, description }] = await Promise.all([
    readContent(context).read("events-page"),
    readEventPhotos(context, event),
  ]);
  return {
    event: { ...event, description },
    texts: texts.event,
    photo,
    closedReason: signupClosedReason(event, new Date()) ?? null,
  };
}

/** The sign-up needs no script on the page it was rendered in (see EventSignupPart). */
const signup = deferredPart(() =>
  import("~/components/events/event-signup-part").then((module) => module.EventSignupPart),
);

/**
 * Before a client-side navigation here: the rendered loader data and the sign-up's code, so that
 * the page comes whole in its first frame. (The `loader` keeps this from running on a first visit.)
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), signup.preload()]);
  return data;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta();
  const { event } = loaderData;
  return [
    ...pageMeta({
      title: event.title,
      description: czech(
        `${event.title}: živé setkání s Harmonií přírody. Termín, místo, cena a přihláška.`,
      ),
      path: eventPath(event.slug),
    }),
    eventStructuredData(event, operatorOfMatches(matches).ownerName),
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}

/** The description's HTML (sanitized on the server) has no classes of its own: it is styled from here. */
const descriptionClasses = [
  "space-y-4 text-lg leading-relaxed text-pretty text-bark-soft",
  "[&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-bark",
  "[&_h3]:pt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-bark",
  "[&_strong]:font-semibold [&_strong]:text-bark",
  "[&_a]:font-semibold [&_a]:text-moss-dark [&_a]:underline [&_a]:underline-offset-4",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  // Her photos in the text, as an article's (readEventPhotos makes them pictures).
  "[&_picture]:block [&_img]:h-auto [&_img]:w-full [&_img]:rounded-2xl [&_img]:bg-sand",
].join(" ");

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, texts, photo } = loaderData;
  return (
    <main id="obsah">
      <article>
        <header className="relative isolate overflow-hidden bg-linear-to-b from-sand/80 via-cream to-cream px-5 pt-6 pb-10 sm:px-8 sm:pb-14">
          <LeafSprig className="pointer-events-none absolute -top-6 -right-10 -z-10 w-40 rotate-12 text-sage sm:w-56" />
          <div className="mx-auto max-w-5xl">
            <Link
              to={paths.events}
              className="-ml-1 inline-flex min-h-11 items-center gap-2 rounded-full pr-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-5 shrink-0" />
              Všechny akce
            </Link>
            <p className="mt-8 text-sm font-semibold tracking-[0.2em] text-terracotta-dark uppercase sm:mt-12">
              {texts.eyebrow}
            </p>
            <h1 className="mt-3 text-4xl leading-tight font-semibold text-bark sm:text-5xl">
              {czech(event.title)}
            </h1>
            <div className="mt-8 max-w-xl rounded-[2rem] bg-white/70 p-6 shadow-soft ring-1 ring-bark/5">
              <EventFacts event={event} mapLinks />
            </div>
          </div>
        </header>
        <FirstScreenEnd />
        <div className="bg-cream px-5 pb-20 sm:px-8 sm:pb-28">
          <div className="mx-auto grid max-w-5xl gap-12 lg:grid-cols-[1.2fr_1fr]">
            <div>
              {photo && (
                <ContentPhoto
                  photo={photo}
                  // Only its 4:3 shape: an event without a photo shows none.
                  illustration={photos.aboutHerbs}
                  frameClassName="rounded-[2rem]"
                  className="mb-8"
                />
              )}
              <div
                className={descriptionClasses}
                // Sanitized on the server when she saved it (server/articles/article-html.ts); her
                // photos in it made pictures by the loader.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML of her own
                dangerouslySetInnerHTML={{ __html: event.description }}
              />
            </div>
            <section
              aria-labelledby="prihlaska"
              className="self-start rounded-[2rem] bg-white/80 p-6 shadow-soft ring-1 ring-bark/5 sm:p-8"
            >
              <h2 id="prihlaska" className="text-2xl font-semibold text-bark">
                {czech(texts.signupHeading)}
              </h2>
              <div className="mt-5">
                <StaticPart name="event-signup" part={signup} />
              </div>
            </section>
          </div>
        </div>
      </article>
    </main>
  );
}
