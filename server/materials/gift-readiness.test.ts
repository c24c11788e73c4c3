import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { materials } from "#database/schema";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { giftReadiness } from "./waiting-gift-mail";

describe.each(testDatabases)("the start-up line about gifts on $name", ({ open }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
  });

  it("names each gift without a material, until it has one", async () => {
    expect(await giftReadiness(database.db)).toEqual([
      "The ritual gift has no material yet: its e-mails wait (0 now) until one is added on /admin/materialy.",
    ]);
    await database.db.insert(materials).values({
      place: "gift_ritual",
      kind: "link",
      title: "Rituál",
      linkUrl: "https://youtu.be/dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(await giftReadiness(database.db)).toEqual([]);
    // The owner hides the built-in scent guide (its row made by migration 0015).
    await database.db.update(materials).set({ hidden: true }).where(eq(materials.kind, "guide"));
    expect(await giftReadiness(database.db)).toEqual([
      "The scent gift has no material yet: its e-mails wait (0 now) until one is added on /admin/materialy.",
    ]);
  });
});
