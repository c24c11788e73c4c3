import { describe, expect, it } from "vitest";
import { czech } from "~/lib/typography";

describe("czech typography", () => {
  it("binds one-letter prepositions and conjunctions to the next word", () => {
    expect(czech("Setkání v přírodě a s kakaem")).toBe(
      "Setkání v\u00a0přírodě a\u00a0s\u00a0kakaem",
    );
  });

  it("handles a sentence that starts with one and an upper-case letter", () => {
    expect(czech("V Brně i okolí")).toBe("V\u00a0Brně i\u00a0okolí");
  });

  it("leaves longer words and letters inside words alone", () => {
    expect(czech("kakao voní")).toBe("kakao voní");
  });

  it("works after an opening quotation mark and a dash", () => {
    expect(czech("„k sobě“ – a dál")).toBe("„k\u00a0sobě“\u00a0– a\u00a0dál");
  });

  it("keeps a dash on the line of the word before it", () => {
    expect(czech("pomalu – s citem")).toBe("pomalu\u00a0– s\u00a0citem");
    expect(czech("Sezóna — les")).toBe("Sezóna\u00a0— les");
  });
});
