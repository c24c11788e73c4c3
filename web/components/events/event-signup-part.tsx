import { useLoaderData } from "react-router";
import { EventSignupForm } from "~/components/events/event-signup-form";
import { czech } from "~/lib/typography";
import type { loader } from "~/routes/events-event";

/**
 * The event page's sign-up, or why it is closed: a static part of the page (StaticPart). The form
 * is a plain post that works the same with scripts and without, so on the page it was rendered in
 * it stays that markup and its code (the form fields, the consent label) never loads: that keeps
 * the page's first input within its JavaScript budget. After a client-side navigation it renders
 * from here, with the route's data.
 */
export function EventSignupPart() {
  const { event, closedReason } = useLoaderData<typeof loader>();
  return closedReason ? (
    <p className="text-lg text-bark-soft">{czech(closedReason)}</p>
  ) : (
    <EventSignupForm event={event} />
  );
}
