import { describe, expect, it } from "vitest";
import { zOrZe } from "./czech-numbers";

describe("„z“ or „ze“ before a number", () => {
  it.each([
    [1, "z"],
    [2, "ze"],
    [3, "ze"],
    [4, "ze"],
    [5, "z"],
    [6, "ze"],
    [7, "ze"],
    [8, "z"],
    [10, "z"],
    [12, "z"],
    [16, "ze"],
    [17, "ze"],
    [20, "z"],
    [27, "z"],
    [60, "ze"],
    [72, "ze"],
    [100, "ze"],
    [150, "ze"],
    [200, "ze"],
    [500, "z"],
    [700, "ze"],
    [1000, "z"],
    [2000, "ze"],
    [12_000, "z"],
    [1_000_000, "z"],
    [7_000_000, "ze"],
  ] as const)("%i: %s", (count, expected) => {
    expect(zOrZe(count)).toBe(expected);
  });
});
