import { describe, expect, it } from "vitest";
import { range } from "./typography";

describe("a range", () => {
  it("joins single terms with an unspaced en dash: times, days, years", () => {
    expect(range("18:00", "20:30")).toBe("18:00–20:30");
    expect(`${range("12.", "14.")} června`).toBe("12.–14. června");
    expect(range("2026", "2027")).toBe("2026–2027");
  });

  it("spaces the dash between terms with spaces of their own, never starting a line with it", () => {
    expect(range("28. 12. 2026", "3. 1. 2027")).toBe("28. 12. 2026\u00a0– 3. 1. 2027");
    expect(range("30.\u00a011.", "6.\u00a012.")).toBe("30.\u00a011.\u00a0– 6.\u00a012.");
  });
});
