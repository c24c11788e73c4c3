/**
 * Without scripts the booking page lists every free day at once: the first three show, the later
 * ones wait behind one „Ukázat další…“ in the same form, open when the time chosen before (a
 * refused post) is among them. With scripts the page passes one day, and nothing is folded.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FreeDayJson } from "#shared/booking-schemas";
import { FreeTimes } from "~/components/booking/free-times";

/** `count` days from 1 December 2026, each with 9:00 and 11:00 in Prague (UTC+1). */
function freeDays(count: number): FreeDayJson[] {
  return Array.from({ length: count }, (_, index) => {
    const day = `2026-12-${String(index + 1).padStart(2, "0")}`;
    return { day, starts: [`${day}T08:00:00.000Z`, `${day}T10:00:00.000Z`] };
  });
}

const rendered = (days: FreeDayJson[], checked?: string) =>
  renderToString(<FreeTimes days={days} idPrefix="t" checked={checked} />);

/** The legends before the <details>, and those inside it. */
function split(markup: string) {
  const [before = "", after = ""] = markup.split("<details");
  const legends = (part: string) => part.match(/<legend/g)?.length ?? 0;
  return { shown: legends(before), folded: legends(after) };
}

describe("the free times without scripts", () => {
  it("show three days and fold the rest under one „Ukázat další…“, closed", () => {
    const markup = rendered(freeDays(30));
    expect(split(markup)).toEqual({ shown: 3, folded: 27 });
    expect(markup).toMatch(/<details class="group">/);
    expect(markup).toContain("Ukázat dalších 27 dní</summary>");
    // Every time is still a radio button of the one form.
    expect(markup.match(/type="radio"/g)).toHaveLength(60);
  });

  it("say how many days are folded in Czech", () => {
    expect(rendered(freeDays(4))).toContain("Ukázat další den</summary>");
    expect(rendered(freeDays(6))).toContain("Ukázat další 3 dny</summary>");
    expect(rendered(freeDays(8))).toContain("Ukázat dalších 5 dní</summary>");
  });

  it("open the folded days when the time chosen before is among them, and keep it chosen", () => {
    const days = freeDays(10);
    const later = days[7]?.starts[1] as string;
    const markup = rendered(days, later);
    expect(markup).toMatch(/<details open="" class="group">/);
    expect(markup).toContain(`checked="" value="${later}"`);
    // A time among the first days leaves them folded.
    expect(rendered(days, days[0]?.starts[0])).toMatch(/<details class="group">/);
  });

  it("fold nothing for three days or fewer, nor for the one day the page shows with scripts", () => {
    expect(rendered(freeDays(3))).not.toContain("<details");
    expect(rendered(freeDays(1))).not.toContain("<details");
  });
});
