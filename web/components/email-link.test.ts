import { describe, expect, it } from "vitest";
import { splitEmailAddress } from "~/components/email-link";

describe("splitEmailAddress", () => {
  it("breaks after the at sign only, never inside the name or the domain", () => {
    expect(splitEmailAddress("ahoj@harmonieprirody.cz")).toEqual(["ahoj@", "harmonieprirody.cz"]);
    expect(splitEmailAddress("lucie.markova@example.cz")).toEqual(["lucie.markova@", "example.cz"]);
  });

  it("keeps the whole address, character for character", () => {
    const address = "a.b-c@d.e";
    expect(splitEmailAddress(address).join("")).toBe(address);
  });
});
