/**
 * No table of personal data outside the registry: a new table with an e-mail address or a name
 * must be declared by its module (`server/personal-data.ts`), so that the export, the erasure,
 * the retention rule or housekeeping know of it, or be exempted here with why.
 *
 * The rule, on the schema (`database/schema.ts`, through Drizzle's table metadata):
 * - a table holds personal data when one of its columns' names, split at `_`, has one of the
 *   words `email`, `name`, `address` or `phone` (`email`, `to_address`, `ip_address`,
 *   `friendly_name`…);
 * - and so does a table with a foreign key to such a table: its rows are about that person
 *   (a session's refresh tokens, a submission's gift link), unless the table it refers to is
 *   exempted below.
 */
import { is } from "drizzle-orm";
import { getTableConfig, PgTable, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "#database/schema";
import { type ContentKey, contentKeys } from "#shared/content/content-items";
import { personalDataRegistry } from "./personal-data";

const personalWords = new Set(["email", "name", "address", "phone"]);

/** Tables the rule finds that are in no registration, on purpose. */
const exemptions: { table: PgTable; why: string }[] = [
  {
    table: schema.auditLog,
    why:
      "The record of what administrators did (docs: „Záznamy změn“), with the e-mails of who " +
      "acted and on whom as they were: kept unchanged for accountability (a trigger refuses " +
      "UPDATE and DELETE), also after an erasure, which it records. It never holds what a " +
      "submission said.",
  },
  {
    table: schema.materials,
    why:
      "`file_name` is the name of a file the owner uploaded (a video, a PDF), not a person's. " +
      "No visitor's data is in it.",
  },
  {
    table: schema.photos,
    why:
      "`original_name` is the name her phone gave a photo she uploaded (IMG_2041.jpg), not a " +
      "person's; the variants hold pixels only, every piece of metadata left out (no place, " +
      "no time, no device).",
  },
  {
    table: schema.events,
    why:
      "Her events: `address` is where an event takes place (her studio, a hired room), which " +
      "its page publishes, not a person's. The people signed up are in `event_signups`.",
  },
];

/**
 * Items of her content that hold nobody's personal data. Any other item (what people wrote, as
 * reviews) must be declared by a registration's `content`, with how a request about it is met.
 */
const contentWithoutPersonalData: { key: ContentKey; why: string }[] = [
  { key: "home-hero", why: "Her own texts of the first screen." },
  { key: "offers", why: "Her services: names, texts, prices and places." },
  {
    key: "scent-guide",
    why: "Her guide to a personal scent: its text, oils, dilutions and recipes.",
  },
  {
    key: "operator",
    why: "Her own business identification, which a Czech business must publish on its website.",
  },
  { key: "home-sections", why: "Her own texts of the home page's sections." },
  { key: "harmonisation-page", why: "Her own texts of the harmonisation page." },
  { key: "about-page", why: "Her own story and ways of working." },
  { key: "blog-page", why: "Her own opening of the blog." },
  { key: "photos", why: "Which of her photos each place of the site shows." },
  { key: "newsletter", why: "Her own line on what her newsletter sends and how often." },
  { key: "booking-page", why: "Her own texts of the booking page." },
  { key: "events-page", why: "Her own texts of the events pages." },
];

/** The content items of `keys` that are neither registered nor exempted. */
function undeclaredContent(keys: readonly string[]): string[] {
  const declared = new Set<string>([
    ...personalDataRegistry.flatMap((registration) => registration.content?.keys ?? []),
    ...contentWithoutPersonalData.map(({ key }) => key),
  ]);
  return keys.filter((key) => !declared.has(key));
}

const schemaTables = Object.values(schema as Record<string, unknown>).filter(
  (value): value is PgTable => is(value, PgTable),
);

/** The tables of `tables` the rule finds personal, by name. */
function personalTables(tables: readonly PgTable[], exempt: ReadonlySet<PgTable>): string[] {
  const personal = new Set<PgTable>();
  const hasPersonalColumn = (table: PgTable) =>
    getTableConfig(table).columns.some((column) =>
      column.name.split("_").some((word) => personalWords.has(word)),
    );
  for (const table of tables)
    if (!exempt.has(table) && hasPersonalColumn(table)) personal.add(table);
  // Rows about rows of a personal table, however many foreign keys away.
  for (let added = true; added; ) {
    added = false;
    for (const table of tables) {
      if (personal.has(table) || exempt.has(table)) continue;
      const refersToPersonal = getTableConfig(table).foreignKeys.some((key) =>
        personal.has(key.reference().foreignTable),
      );
      if (refersToPersonal) {
        personal.add(table);
        added = true;
      }
    }
  }
  return [...personal].map((table) => getTableConfig(table).name).sort();
}

/** The personal tables of `tables` that no registration lists. */
function unregisteredPersonalTables(tables: readonly PgTable[]): string[] {
  const registered = new Set(personalDataRegistry.flatMap((registration) => registration.tables));
  const exempt = new Set(exemptions.map(({ table }) => table));
  return personalTables(tables, exempt).filter(
    (name) => !tables.some((table) => registered.has(table) && getTableConfig(table).name === name),
  );
}

describe("the registry of personal data", () => {
  it("has every table of the schema with an e-mail address, a name or rows about them", () => {
    expect(unregisteredPersonalTables(schemaTables)).toEqual([]);
  });

  it("would refuse a new table with an address or a name, and one that refers to it", () => {
    const subscribers = pgTable("letter_readers", {
      id: uuid("id").primaryKey(),
      email: text("email").notNull(),
    });
    const sends = pgTable("letter_sends", {
      subscriberId: uuid("subscriber_id").references(() => subscribers.id),
    });
    const guests = pgTable("event_guests", { fullName: text("full_name") });
    expect(unregisteredPersonalTables([...schemaTables, subscribers, sends, guests])).toEqual([
      "event_guests",
      "letter_readers",
      "letter_sends",
    ]);
  });

  it("lists each table once, and exempts only tables the rule finds and no registration has", () => {
    const registered = personalDataRegistry.flatMap((registration) => registration.tables);
    expect(new Set(registered).size).toBe(registered.length);
    for (const table of registered) expect(schemaTables).toContain(table);
    const found = personalTables(schemaTables, new Set());
    for (const { table } of exemptions) {
      expect(found).toContain(getTableConfig(table).name);
      expect(registered).not.toContain(table);
    }
  });

  it("knows every item of her content: what people wrote (reviews) is registered, the rest exempted", () => {
    expect(undeclaredContent(contentKeys)).toEqual([]);
    expect(undeclaredContent([...contentKeys, "guestbook"])).toEqual(["guestbook"]);
    const registered = personalDataRegistry.filter(({ content }) => content);
    expect(registered.map(({ content }) => content?.keys)).toEqual([["reviews"]]);
    // Where content is kept: the registration lists its tables, and an exempted item is no registered one.
    for (const { tables } of registered) {
      expect(tables).toEqual([schema.contentEntries, schema.contentRevisions]);
    }
    for (const { key } of contentWithoutPersonalData) {
      expect(registered.flatMap(({ content }) => content?.keys)).not.toContain(key);
    }
  });

  it("names each housekeeping step once", () => {
    const names = personalDataRegistry.flatMap(({ housekeeping }) =>
      Object.keys(housekeeping ?? {}),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
