import { describe, expect, it } from "vitest";
import { computeOffsets, pickRows } from "~/components/admin/row-window";

const keys = Array.from({ length: 1000 }, (_, index) => `row-${index}`);

describe("computeOffsets", () => {
  it("stacks the measured heights and counts the others as their average", () => {
    const heights = new Map([
      ["row-0", 50],
      ["row-1", 150],
    ]);
    const offsets = computeOffsets(keys.slice(0, 4), heights);
    expect([...offsets]).toEqual([0, 50, 200, 300, 400]);
  });

  it("guesses 72 px a row before any is measured", () => {
    expect(computeOffsets(keys.slice(0, 3), new Map()).at(-1)).toBe(216);
  });
});

describe("pickRows", () => {
  const offsets = computeOffsets(keys, new Map(keys.map((key) => [key, 100])));

  it("renders the rows in view and 900 px beyond each edge, with spacers of the rest's height", () => {
    const window = pickRows(offsets, { top: 50_000, bottom: 51_000 });
    // 49,100–51,900 px is wanted: rows 491 to 519, which end at 52,000 px.
    expect(window.start).toBe(491);
    expect(window.end).toBe(520);
    expect(window.spaceAbove).toBe(49_100);
    expect(window.spaceBelow).toBe(48_000);
    expect(window.spaceAbove + (window.end - window.start) * 100 + window.spaceBelow).toBe(100_000);
  });

  it("starts at the first row at the top of the list", () => {
    const window = pickRows(offsets, { top: 0, bottom: 800 });
    expect(window).toEqual({ start: 0, end: 18, spaceAbove: 0, spaceBelow: 98_200 });
  });

  it("keeps the last row when the view is past the end", () => {
    const window = pickRows(offsets, { top: 200_000, bottom: 201_000 });
    expect(window.start).toBe(999);
    expect(window.end).toBe(1000);
    expect(window.spaceBelow).toBe(0);
  });
});
