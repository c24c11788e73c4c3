import { describe, expect, it } from "vitest";
import {
  describeRepeatRule,
  maxOccurrences,
  type RepeatRule,
  repeatDays,
  repeatOccurrences,
  repeatRuleFits,
  repeatRulesFor,
  weekdayInMonth,
} from "./event-repeats";

// 2027: summer time from 28 March (2:00 → 3:00) to 31 October (3:00 → 2:00).
const at = (iso: string) => new Date(iso);

describe("repeating an event", () => {
  it.each<{
    name: string;
    first: [string, string];
    rule: RepeatRule;
    until: string;
    starts: string[];
  }>([
    {
      name: "každý týden, across the spring change: 18:00 stays 18:00",
      first: ["2027-03-18T17:00:00Z", "2027-03-18T19:00:00Z"],
      rule: { kind: "weekly" },
      until: "2027-04-08",
      starts: ["2027-03-25T17:00:00Z", "2027-04-01T16:00:00Z", "2027-04-08T16:00:00Z"],
    },
    {
      name: "každé dva týdny, across the autumn change",
      first: ["2027-10-21T16:00:00Z", "2027-10-21T18:00:00Z"],
      rule: { kind: "fortnightly" },
      until: "2027-11-18",
      starts: ["2027-11-04T17:00:00Z", "2027-11-18T17:00:00Z"],
    },
    {
      name: "každý první čtvrtek v měsíci, winter into summer",
      first: ["2027-01-07T17:00:00Z", "2027-01-07T19:00:00Z"],
      rule: { kind: "monthly", week: "1" },
      until: "2027-06-30",
      starts: [
        "2027-02-04T17:00:00Z",
        "2027-03-04T17:00:00Z",
        "2027-04-01T16:00:00Z",
        "2027-05-06T16:00:00Z",
        "2027-06-03T16:00:00Z",
      ],
    },
    {
      name: "každý poslední pátek v měsíci: the 26th, the 30th, the 29th as the month falls",
      first: ["2027-01-29T18:00:00Z", "2027-01-29T20:00:00Z"],
      rule: { kind: "monthly", week: "last" },
      until: "2027-05-28",
      starts: [
        "2027-02-26T18:00:00Z",
        "2027-03-26T18:00:00Z",
        "2027-04-30T17:00:00Z",
        "2027-05-28T17:00:00Z",
      ],
    },
    {
      name: "každý poslední pátek v měsíci, over the autumn change (29 October in summer time)",
      first: ["2027-09-24T17:00:00Z", "2027-09-24T19:00:00Z"],
      rule: { kind: "monthly", week: "last" },
      until: "2027-12-31",
      starts: ["2027-10-29T17:00:00Z", "2027-11-26T18:00:00Z", "2027-12-31T18:00:00Z"],
    },
    {
      name: "každé třetí úterý v měsíci, into the next year",
      first: ["2027-11-16T09:00:00Z", "2027-11-16T11:00:00Z"],
      rule: { kind: "monthly", week: "3" },
      until: "2028-02-29",
      starts: ["2027-12-21T09:00:00Z", "2028-01-18T09:00:00Z", "2028-02-15T09:00:00Z"],
    },
  ])("$name", ({ first, rule, until, starts }) => {
    const [startsAt, endsAt] = first.map(at) as [Date, Date];
    const occurrences = repeatOccurrences({ startsAt, endsAt }, rule, until);
    expect(occurrences.map((one) => one.startsAt.toISOString())).toEqual(
      starts.map((start) => at(start).toISOString()),
    );
    // Two hours each, whatever the offset on the day.
    for (const one of occurrences) {
      expect(one.endsAt.getTime() - one.startsAt.getTime()).toBe(2 * 3_600_000);
    }
  });

  it("keeps an evening that ends after midnight ending on the next day", () => {
    const [one] = repeatOccurrences(
      { startsAt: at("2027-03-20T21:00:00Z"), endsAt: at("2027-03-20T23:30:00Z") },
      { kind: "weekly" },
      "2027-03-27",
    );
    // 22:00 on Saturday 27 March to 0:30 on Sunday 28 March, still winter time then.
    expect(one?.startsAt.toISOString()).toBe("2027-03-27T21:00:00.000Z");
    expect(one?.endsAt.toISOString()).toBe("2027-03-27T23:30:00.000Z");
  });

  it("gives one day more than allowed, for the caller to refuse, and nothing before the first", () => {
    expect(repeatDays("2027-01-07", { kind: "weekly" }, "2029-01-01")).toHaveLength(
      maxOccurrences + 1,
    );
    expect(repeatDays("2027-01-07", { kind: "weekly" }, "2027-01-07")).toEqual([]);
  });

  it("finds the nth and the last weekday of a month", () => {
    expect(weekdayInMonth(2027, 2, 5, "4")).toBe("2027-02-26");
    expect(weekdayInMonth(2027, 4, 5, "last")).toBe("2027-04-30");
    expect(weekdayInMonth(2027, 4, 4, "1")).toBe("2027-04-01");
  });

  it("offers the monthly rules the first event's own day is", () => {
    // 28 January 2027: the fourth and also the last Thursday.
    expect(repeatRulesFor("2027-01-28")).toEqual([
      { kind: "weekly" },
      { kind: "fortnightly" },
      { kind: "monthly", week: "4" },
      { kind: "monthly", week: "last" },
    ]);
    // 29 January 2027, a fifth Friday: only „poslední“.
    expect(repeatRulesFor("2027-01-29").at(-1)).toEqual({ kind: "monthly", week: "last" });
    expect(repeatRuleFits({ kind: "monthly", week: "1" }, "2027-01-14")).toBe(false);
    expect(repeatRuleFits({ kind: "monthly", week: "2" }, "2027-01-14")).toBe(true);
  });

  it("says the rule in Czech, the weekday in its own gender", () => {
    expect(describeRepeatRule({ kind: "weekly" }, "2027-01-07")).toBe("každý týden");
    expect(describeRepeatRule({ kind: "fortnightly" }, "2027-01-07")).toBe("každé dva týdny");
    expect(describeRepeatRule({ kind: "monthly", week: "1" }, "2027-01-07")).toBe(
      "každý první čtvrtek v\u00a0měsíci",
    );
    expect(describeRepeatRule({ kind: "monthly", week: "last" }, "2027-01-29")).toBe(
      "každý poslední pátek v\u00a0měsíci",
    );
    expect(describeRepeatRule({ kind: "monthly", week: "2" }, "2027-01-13")).toBe(
      "každou druhou středu v\u00a0měsíci",
    );
    expect(describeRepeatRule({ kind: "monthly", week: "4" }, "2027-01-25")).toBe(
      "každé čtvrté pondělí v\u00a0měsíci",
    );
  });
});
