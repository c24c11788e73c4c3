import { describe, expect, it } from "vitest";
import {
  fileProblem,
  materialChangeSchema,
  materialMessages,
  maxMaterialBytes,
  newMaterialSchema,
} from "#shared/materials";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("a material's title and description", () => {
  it("takes an ordinary Czech title, with an emoji joined by a zero-width joiner", () => {
    const parsed = newMaterialSchema.safeParse({ title: "Ranní rituál 👩‍👧", place: "members" });
    expect(parsed.success).toBe(true);
  });

  it("refuses a title of nothing but invisible characters as an empty one", () => {
    for (const title of ["   ", "\u200b\u200b", "\u202e\u200b", "\u2060 \ufeff", "\u3164\u2800"]) {
      // The first message is the one the field shows.
      expect(messagesOf(newMaterialSchema.safeParse({ title, place: "members" }))[0], title).toBe(
        materialMessages.titleRequired,
      );
    }
  });

  it("refuses control characters and bidi overrides in a title or a description", () => {
    expect(
      messagesOf(newMaterialSchema.safeParse({ title: "Rituál\u202e4pm.exe", place: "members" })),
    ).toEqual([materialMessages.hiddenCharacters]);
    expect(messagesOf(materialChangeSchema.safeParse({ title: "Rituál\u0007" }))).toEqual([
      materialMessages.hiddenCharacters,
    ]);
    expect(
      messagesOf(materialChangeSchema.safeParse({ description: "Krátce\u2066 o rituálu" })),
    ).toEqual([materialMessages.hiddenCharacters]);
  });

  it("keeps the line breaks of a description, as LF whatever the client sent", () => {
    for (const description of ["První řádek\nDruhý řádek", "První řádek\r\nDruhý řádek"]) {
      expect(materialChangeSchema.safeParse({ description })).toMatchObject({
        success: true,
        data: { description: "První řádek\nDruhý řádek" },
      });
    }
  });
});

describe("a file chosen for upload, before anything is created", () => {
  it.each([
    ["no file", null, materialMessages.fileMissing],
    ["a text file", { type: "text/plain", size: 10 }, materialMessages.typeRefused],
    ["a file of no known type", { type: "", size: 10 }, materialMessages.typeRefused],
    ["an empty PDF", { type: "application/pdf", size: 0 }, materialMessages.empty],
    [
      "a video over the limit",
      { type: "video/mp4", size: maxMaterialBytes + 1 },
      materialMessages.tooLarge,
    ],
    ["a video at the limit", { type: "video/mp4", size: maxMaterialBytes }, null],
    ["a phone's MOV", { type: "video/quicktime", size: 5_000_000 }, null],
  ])("%s: %s", (_name, file, message) => {
    expect(fileProblem(file)).toBe(message);
  });
});
