import { Gauge } from "lucide-react";
import { Link } from "react-router";
import { giftRequestsText, visitorsText } from "#shared/overview-words";
import { paths } from "#shared/routes";

/** The last seven days in two numbers, for the top of her inbox. */
export type WeekGlance = { visitors: number; giftRequests: number };

/**
 * One line at the top of her inbox: the week in two numbers and the way to „Přehled“. One
 * line, so that on her phone the messages still start on the first screen; nothing when the
 * numbers could not be read (the inbox never waits on them).
 */
export function WeekGlanceLine({ glance }: { glance: WeekGlance | null }) {
  if (!glance) return null;
  return (
    <p
      data-week-glance
      className="mt-4 flex flex-wrap items-center gap-x-2 text-[0.9375rem] text-bark-soft sm:mt-6"
    >
      <Gauge aria-hidden="true" className="size-4 shrink-0 text-moss-dark" />
      <span>
        Posledních 7 dní: {visitorsText(glance.visitors)}, {giftRequestsText(glance.giftRequests)}
      </span>
      <span aria-hidden="true">·</span>
      <Link
        to={paths.adminOverview}
        className="inline-flex min-h-11 items-center font-semibold text-moss-dark underline underline-offset-4"
      >
        Přehled
      </Link>
    </p>
  );
}
