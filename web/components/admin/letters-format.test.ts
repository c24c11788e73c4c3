import { describe, expect, it } from "vitest";
import {
  letterFigures,
  lettersCount,
  orderLetters,
  progressText,
  scheduleFields,
  scheduleMoment,
} from "~/components/admin/letters-format";

const figures = {
  recipients: 480,
  queued: 360,
  sent: 118,
  failed: 2,
  skipped: 0,
  unsubscribedAfter: 3,
};

describe("her letters in words", () => {
  it("reads her Prague day and time as the moment it is, on both daylight-saving days", () => {
    expect(scheduleMoment("2026-12-01", "08:00")?.toISOString()).toBe("2026-12-01T07:00:00.000Z");
    expect(scheduleMoment("2026-07-01", "08:00")?.toISOString()).toBe("2026-07-01T06:00:00.000Z");
    // 29 March 2026: 2:30 is never shown in Prague (the clocks jump to 3:00).
    expect(scheduleMoment("2026-03-29", "02:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026: 2:30 is shown twice; the first (summer) one is meant.
    expect(scheduleMoment("2026-10-25", "02:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(scheduleMoment("", "08:00")).toBeUndefined();
    expect(scheduleMoment("2026-12-01", "25:00")).toBeUndefined();
  });

  it("starts a schedule at tomorrow 8:00 in Prague, or at the letter's own time", () => {
    expect(scheduleFields(null, new Date("2026-11-29T23:30:00Z"))).toEqual({
      day: "2026-12-01",
      time: "08:00",
    });
    expect(scheduleFields("2026-12-24T16:30:00Z", new Date())).toEqual({
      day: "2026-12-24",
      time: "17:30",
    });
  });

  it("puts what she writes first, then what goes out, then what will go, then what went", () => {
    const states = ["sent", "draft", "scheduled", "sending", "cancelled", "sent"] as const;
    const ordered = orderLetters(states.map((state, index) => ({ state, index })));
    expect(ordered.map(({ state, index }) => `${state}${index}`)).toEqual([
      "draft1",
      "cancelled4",
      "sending3",
      "scheduled2",
      "sent0",
      "sent5",
    ]);
  });

  it("names the figures and the progress", () => {
    expect(letterFigures(figures, "sent")).toEqual([
      ["Odesláno", 118],
      ["Nedoručeno", 2],
      ["Odhlásilo se po něm", 3],
    ]);
    // While it goes out, the progress line alone says „Odesláno“, with the same number.
    expect(letterFigures(figures, "sending")).toEqual([
      ["Nedoručeno", 2],
      ["Odhlásilo se po něm", 3],
    ]);
    expect(progressText(figures).replaceAll("\u00a0", " ")).toBe("Odesláno 118 z 480");
    // Just sent, before its recipients are written: no „Odesláno 0 z 0“.
    expect(progressText({ ...figures, recipients: 0, queued: 0, sent: 0, failed: 0 })).toBe(
      "Připravuji seznam příjemců…",
    );
    expect([1, 3, 200].map(lettersCount)).toEqual(["1 dopis", "3 dopisy", "200 dopisů"]);
  });
});
