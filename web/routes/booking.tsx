import { paths } from "#shared/routes";
import type { BookingPageData } from "~/components/booking/booking-data";
import { PageHero } from "~/components/page-hero";
import { loadBookingPage } from "~/lib/booking.server";
import { pageMeta } from "~/lib/seo";
import { czech, typeset } from "~/lib/typography";
import { LoadOnUse } from "~/progressive/load-on-use";
import { deferredPart } from "~/progressive/static-part";
import type { Route } from "./+types/booking";

export const meta = () =>
  pageMeta({
    title: "Rezervace",
    description: czech(
      "Rezervujte si harmonizační setkání: vyberte den a čas, který mám volný, a já vám termín potvrdím e-mailem.",
    ),
    path: paths.booking,
  });

// The offers, the calendar and the form (react-hook-form, zod) load when the visitor first uses
// them; the stored page shows the offers from the start, and each works without scripts.
const bookingSteps = deferredPart(() =>
  import("~/components/booking/booking-steps").then((module) => module.BookingSteps),
);

/**
 * Runs when the page is rendered into the store (her texts and bookable offers), and when the
 * server answers a visitor without scripts per request (with `bookingAnswer`).
 */
export async function loader({ context }: Route.LoaderArgs): Promise<BookingPageData> {
  return loadBookingPage(context);
}

/** Before a client-side navigation here: the data, and the steps' code, so the page comes whole. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), bookingSteps.preload()]);
  return data;
}

export default function BookingRoute({ loaderData }: Route.ComponentProps) {
  const { intro } = loaderData.texts;
  return (
    <main id="obsah">
      <PageHero
        eyebrow={czech(intro.eyebrow)}
        title={typeset(intro.heading)}
        lead={<p>{typeset(intro.intro)}</p>}
      />
      <LoadOnUse name="booking" part={bookingSteps} />
    </main>
  );
}
