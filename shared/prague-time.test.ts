import { describe, expect, it } from "vitest";
import {
  formatPragueDate,
  formatPragueDateTime,
  formatPragueLong,
  formatPragueLongRange,
  formatPragueMoment,
  formatPragueTime,
  formatPragueTimes,
  pragueDay,
} from "./prague-time";

// The test runs in whatever zone the machine has; the answers must not depend on it.
describe("Prague time", () => {
  it("moves the clock forward on 29 March 2026: 2:00 CET becomes 3:00 CEST", () => {
    expect(formatPragueDateTime("2026-03-29T00:59:59Z", { seconds: true })).toBe(
      "29. 3. 2026 1:59:59",
    );
    expect(formatPragueDateTime("2026-03-29T01:00:00Z", { seconds: true })).toBe(
      "29. 3. 2026 3:00:00",
    );
    expect(formatPragueTime("2026-03-29T01:30:00Z")).toBe("3:30");
  });

  it("moves it back on 25 October 2026: 2:30 comes twice, first in CEST, then in CET", () => {
    expect(formatPragueTime("2026-10-25T00:30:00Z")).toBe("2:30");
    expect(formatPragueTime("2026-10-25T01:30:00Z")).toBe("2:30");
    expect(formatPragueTime("2026-10-25T02:30:00Z")).toBe("3:30");
    expect(formatPragueDateTime(new Date("2026-10-25T01:59:00Z"))).toBe("25. 10. 2026 2:59");
  });

  it("puts a moment after midnight in Prague on the Prague day, on both sides of each change", () => {
    // 23:30 UTC is half past midnight in winter (UTC+1)…
    expect(pragueDay("2026-03-28T23:30:00Z")).toBe("2026-03-29");
    expect(formatPragueDate("2026-03-28T23:30:00Z")).toBe("29. 3. 2026");
    // …and 22:30 UTC in summer (UTC+2).
    expect(pragueDay("2026-10-24T22:30:00Z")).toBe("2026-10-25");
    expect(pragueDay("2026-10-24T21:59:59Z")).toBe("2026-10-24");
    expect(pragueDay("2026-10-25T22:59:59Z")).toBe("2026-10-25");
    expect(pragueDay("2026-10-25T23:00:00Z")).toBe("2026-10-26");
  });

  it("writes the e-mails' long form in Prague time, „v“ held to the year and the time by non-breaking spaces", () => {
    expect(formatPragueLong("2026-10-25T01:30:00Z")).toBe("25. října 2026\u00a0v\u00a02:30");
    expect(formatPragueLong("2026-03-29T01:30:00Z")).toBe("29. března 2026\u00a0v\u00a03:30");
  });

  it("writes a moment inside a sentence with „v“ before its time, on one line", () => {
    expect(formatPragueMoment("2026-03-29T07:30:00Z")).toBe(
      "29.\u00a03.\u00a02026\u00a0v\u00a09:30",
    );
    expect(formatPragueMoment("2026-01-14T08:05:00Z")).toBe(
      "14.\u00a01.\u00a02026\u00a0v\u00a09:05",
    );
  });

  it("writes a range of times with an unspaced en dash, on the pages, in the e-mails and on her screens alike", () => {
    expect(formatPragueTimes("2026-11-27T17:00:00Z", "2026-11-27T19:30:00Z")).toBe("18:00–20:30");
    expect(formatPragueLongRange("2026-11-27T17:00:00Z", "2026-11-27T19:30:00Z")).toBe(
      "27. listopadu 2026\u00a0v\u00a018:00–20:30",
    );
  });

  it("names both days of an event past midnight, with a spaced dash between the multi-word ends", () => {
    expect(formatPragueLongRange("2026-12-31T21:00:00Z", "2027-01-01T00:00:00Z")).toBe(
      "31. prosince 2026\u00a0v\u00a022:00\u00a0– 1. ledna 2027\u00a0v\u00a01:00",
    );
  });
});
