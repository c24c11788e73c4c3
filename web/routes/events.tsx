import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { eventPath } from "#shared/events";
import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { EventFacts } from "~/components/events/event-facts";
import { PageHero } from "~/components/page-hero";
import { WriteToMeLink } from "~/components/write-to-me-link";
import { readContent } from "~/lib/content.server";
import { readEvents } from "~/lib/events.server";
import { pageMeta } from "~/lib/seo";
import { czech } from "~/lib/typography";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Akce a živá setkání",
    description: czech(
      "Kruhy žen, tvořivé workshopy s bylinami a rituály pod širým nebem. Termíny, místa, ceny a volná místa na jednom místě.",
    ),
    path: paths.events,
  });

/**
 * Runs when the page is rendered into the page store: her texts of the page and her upcoming
 * published events, soonest first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [texts, events] = await Promise.all([
    readContent(context).read("events-page"),
    readEvents(context).upcoming(),
  ]);
  return { texts: texts.list, events };
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { texts, events } = loaderData;
  // With nothing to sign up for, her heading and intro („Akce, na které se můžete přihlásit“,
  // „Vyberte si termín…“) would promise what is not there: the opening says so in her own
  // words for that case instead, and leads to the contact form.
  const empty = events.length === 0;
  return (
    <main id="obsah">
      <PageHero
        eyebrow={texts.eyebrow}
        title={czech(empty ? texts.emptyHeading : texts.heading)}
        lead={<p>{czech(empty ? texts.emptyText : texts.intro)}</p>}
        actions={empty ? <WriteToMeLink className="mt-0" /> : undefined}
      />
      {!empty && (
        <section aria-label="Nadcházející akce" className="bg-cream px-5 pb-20 sm:px-8 sm:pb-28">
          <ul className="mx-auto grid max-w-6xl gap-6 md:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id}>
                <article className="relative flex h-full flex-col rounded-[2rem] bg-white/70 p-6 shadow-soft ring-1 ring-bark/5 transition-shadow focus-within:ring-2 focus-within:ring-moss hover:shadow-lg sm:p-7">
                  <h2 className="text-2xl leading-snug font-semibold text-bark">
                    <Link
                      to={eventPath(event.slug)}
                      className="after:absolute after:inset-0 after:rounded-[2rem] focus-visible:outline-none"
                    >
                      {czech(event.title)}
                    </Link>
                  </h2>
                  <div className="mt-5 flex-1">
                    <EventFacts event={event} />
                  </div>
                  <p className="mt-6 inline-flex items-center gap-2 font-semibold text-moss-dark">
                    Podrobnosti a přihláška
                    <ArrowRight aria-hidden="true" className="size-5" />
                  </p>
                </article>
              </li>
            ))}
          </ul>
          <div className="mt-14 text-center">
            <BackHomeLink look="button" />
          </div>
        </section>
      )}
    </main>
  );
}
