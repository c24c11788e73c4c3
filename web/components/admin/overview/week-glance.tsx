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
  // Inline, so that on a phone it wraps as one sentence; the link's hit area reaches 44 px
  // through its padding without making the line taller.
  return (
    <p data-week-glance className="mt-4 text-[0.9375rem] leading-relaxed text-bark-soft sm:mt-6">
      <Gauge
        aria-hidden="true"
        className="mr-1.5 inline-block size-4 -translate-y-px align-middle text-moss-dark"
      />
      Posledních 7 dní: {visitorsText(glance.visitors)}, {giftRequestsText(glance.giftRequests)}
      {" · "}
      <Link
        to={paths.adminOverview}
        className="-my-3 inline-block py-3 font-semibold text-moss-dark underline underline-offset-4"
      >
        Přehled
      </Link>
    </p>
  );
}
