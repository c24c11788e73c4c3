/**
 * The cancel link's page on a phone: the first days' free times, the later ones behind one
 * „Ukázat další…“ that opens without scripts, all in the one form, so none is out of reach
 * (two weeks of times in a row were about 5,100 px to scroll at 360 px).
 */
import { describe, expect, it } from "vitest";
import type { FreeDay } from "#shared/booking-slots";
import { addDays, pragueMoment } from "#shared/booking-time";
import { moveForm } from "./booking-cancel-route";

/** Thirty days from 1 December 2026 with eight free times each, 9:00 to 16:00. */
const days: FreeDay[] = Array.from({ length: 30 }, (_, index) => {
  const day = addDays("2026-12-01", index);
  return {
    day,
    starts: Array.from({ length: 8 }, (_, hour) => pragueMoment(day, (9 + hour) * 60)),
  };
});

const rendered = async (list: FreeDay[]) => String(await moveForm("token", list));

describe("the cancel link's free times to move to", () => {
  it("shows the first three days and keeps the rest behind one „Ukázat další“", async () => {
    const page = await rendered(days);
    const [shown = "", rest = ""] = page.split("<details");
    expect(shown.match(/type="radio"/g)).toHaveLength(3 * 8);
    expect(rest).toContain("<summary>Ukázat dalších 27 dní</summary>");
    // Every free time is still in the form: none dropped after a fortnight.
    for (const { starts } of days) {
      for (const start of starts) expect(page).toContain(`value="${start.toISOString()}"`);
    }
    expect(page.indexOf("</details>")).toBeLessThan(page.indexOf('<button type="submit">'));
  });

  it("names a few more days in Czech, and shows no „more“ when there is none", async () => {
    expect(await rendered(days.slice(0, 4))).toContain("<summary>Ukázat další den</summary>");
    expect(await rendered(days.slice(0, 6))).toContain("<summary>Ukázat další 3 dny</summary>");
    expect(await rendered(days.slice(0, 3))).not.toContain("<details");
  });

  it("says she has no other time, with a way to write to her", async () => {
    const page = (await rendered([])).replace(/\u00a0/g, " ");
    expect(page).toContain("Jiný volný čas teď nemám.");
    expect(page).toContain("Napsat zprávu");
  });
});
