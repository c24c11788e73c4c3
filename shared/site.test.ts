import { describe, expect, it } from "vitest";
import { hasValidIcoChecksum } from "./content/operator-content";
import { firstNameOf, operatorDefaults, site } from "./site";

describe("the operator's identification of a fresh install", () => {
  it("has an IČO of eight digits with a valid checksum", () => {
    expect(hasValidIcoChecksum(operatorDefaults.ico)).toBe(true);
  });

  it("tells a wrong IČO from a right one", () => {
    expect(hasValidIcoChecksum("12345678")).toBe(false);
    expect(hasValidIcoChecksum("1234567")).toBe(false);
    // Real IČOs: a remainder of 0 gives the check digit 1, of 1 gives 0.
    expect(hasValidIcoChecksum("00006947")).toBe(true);
    expect(hasValidIcoChecksum("25596641")).toBe(true);
  });

  it("names the seat in the village the site is about, in Czech", () => {
    expect(operatorDefaults.seat).toContain(site.location.locality);
    expect(operatorDefaults.seat.replaceAll("\u00a0", " ")).toContain(site.location.postalCode);
    expect(site.location.countryName).toBe("Česká republika");
  });
});

describe("her first name, as she signs", () => {
  it("is the first word of her name", () => {
    expect(firstNameOf(operatorDefaults.ownerName)).toBe("Kateřina");
    expect(firstNameOf("  Jana  Nová ")).toBe("Jana");
  });
});
