import { describe, expect, it } from "vitest";
import { splitEmailAddress } from "~/components/email-link";

describe("splitEmailAddress", () => {
  it("breaks after the at sign and before each dot", () => {
    expect(splitEmailAddress("ahoj@harmonieprirody.cz")).toEqual([
      "ahoj@",
      "harmonieprirody",
      ".cz",
    ]);
    expect(splitEmailAddress("petra.novakova@mail.example.cz")).toEqual([
      "petra",
      ".novakova@",
      "mail",
      ".example",
      ".cz",
    ]);
  });

  it("keeps the whole address, character for character", () => {
    const address = "a.b-c@d.e";
    expect(splitEmailAddress(address).join("")).toBe(address);
  });
});
