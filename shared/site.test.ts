import { describe, expect, it } from "vitest";
import { hasValidIcoChecksum } from "./content/operator-content";
import { site } from "./site";

describe("the operator's identification", () => {
  it("has an IČO of eight digits with a valid checksum", () => {
    expect(hasValidIcoChecksum(site.operator.ico)).toBe(true);
  });

  it("tells a wrong IČO from a right one", () => {
    expect(hasValidIcoChecksum("12345678")).toBe(false);
    expect(hasValidIcoChecksum("1234567")).toBe(false);
    // Real IČOs: a remainder of 0 gives the check digit 1, of 1 gives 0.
    expect(hasValidIcoChecksum("00006947")).toBe(true);
    expect(hasValidIcoChecksum("25596641")).toBe(true);
  });

  it("names the seat in the village the site is about, in Czech", () => {
    expect(site.operator.seat).toContain(site.location.locality);
    expect(site.operator.seat.replaceAll("\u00a0", " ")).toContain(site.location.postalCode);
    expect(site.location.countryName).toBe("Česká republika");
  });
});
