import { describe, expect, it } from "vitest";
import { takenText } from "~/components/admin/event-format";

describe("her events list's taken places", () => {
  it("reads „ze“ before a number said with an s sound or „dvou“", () => {
    const read = (takenPlaces: number, capacity: number) =>
      takenText({ takenPlaces, capacity }).replace(/\u00a0/g, " ");
    expect(read(2, 2)).toBe("Obsazeno 2 ze 2 míst");
    expect(read(3, 7)).toBe("Obsazeno 3 ze 7 míst");
    expect(read(1, 17)).toBe("Obsazeno 1 ze 17 míst");
    expect(read(1, 8)).toBe("Obsazeno 1 z 8 míst");
    expect(read(0, 1)).toBe("Obsazeno 0 z 1 místa");
  });
});
