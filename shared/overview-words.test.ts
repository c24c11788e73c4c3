import { describe, expect, it } from "vitest";
import {
  axisLabel,
  describeChange,
  formatCount,
  giftRequestsText,
  periodLabel,
  visitorsText,
} from "./overview-words";

describe("the overview's words", () => {
  it("says the change against the period before with a sign, in per cent, or that there was none", () => {
    expect(describeChange(112, 100, "7d")).toBe("+12\u00a0% proti předchozím 7\u00a0dnům");
    expect(describeChange(95, 100, "30d")).toBe("\u22125\u00a0% proti předchozím 30\u00a0dnům");
    expect(describeChange(10, 10, "12m")).toBe("beze změny proti předchozím 12\u00a0měsícům");
    expect(describeChange(4, 0, "7d")).toBe("v předchozím období 0");
    expect(describeChange(150, 100, "week")).toBe("+50\u00a0% proti předchozímu týdnu");
    expect(describeChange(0, 0, "7d")).toBe("");
  });

  it("writes thousands apart with a non-breaking space and Czech plurals", () => {
    expect(formatCount(12345)).toBe("12\u00a0345");
    expect(visitorsText(1)).toBe("1\u00a0návštěvník");
    expect(visitorsText(3)).toBe("3\u00a0návštěvníci");
    expect(visitorsText(0)).toBe("0\u00a0návštěvníků");
    expect(visitorsText(1200)).toBe("1\u00a0200\u00a0návštěvníků");
    expect(giftRequestsText(1)).toBe("1\u00a0žádost o\u00a0dárek");
    expect(giftRequestsText(2)).toBe("2\u00a0žádosti o\u00a0dárek");
    expect(giftRequestsText(5)).toBe("5\u00a0žádostí o\u00a0dárek");
  });

  it("names days and months as a Czech calendar does, short on the axis", () => {
    expect(axisLabel("2026-11-23")).toBe("23.\u00a011.");
    expect(axisLabel("2026-03")).toBe("bře 2026");
    expect(periodLabel("2026-11-23")).toBe("po 23.\u00a011.\u00a02026");
    expect(periodLabel("2026-03")).toBe("březen 2026");
  });
});
