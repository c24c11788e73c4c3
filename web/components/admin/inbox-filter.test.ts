import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { Submission } from "#shared/submission";
import { csvHeader, toCsv } from "~/components/admin/csv-export";
import {
  applyFilter,
  buildSearchIndex,
  emptyFilter,
  readFilter,
  writeFilter,
} from "~/components/admin/inbox-filter";

const base: Submission = {
  id: "1",
  created_at: "2026-03-07T09:05:00.000Z",
  form_type: "contact",
  name: "Cecílie Dvořáková",
  email: "cecilie@example.cz",
  phone: "+420 777 123 456",
  service_type: "consultation",
  message: "Dobrý den, ráda bych přišla na harmonizaci.",
  privacy_consent: true,
  read_at: null,
  handled_at: null,
  mail_state: "sent",
};
const list: Submission[] = [
  base,
  {
    ...base,
    id: "2",
    created_at: "2026-02-01T09:05:00.000Z",
    form_type: "darek_1",
    name: "Bára Veselá",
    email: "bara@example.cz",
    phone: null,
    service_type: null,
    message: null,
    read_at: "2026-02-02T09:00:00.000Z",
    handled_at: "2026-02-02T09:00:00.000Z",
    mail_state: "failed",
  },
  {
    ...base,
    id: "3",
    created_at: "2026-01-10T09:05:00.000Z",
    form_type: "gift_ritual",
    name: "Alena Malá",
    email: "alena@example.cz",
    phone: null,
    service_type: null,
    message: '=HYPERLINK("http://zle.example")',
    read_at: "2026-01-11T09:00:00.000Z",
  },
];
const index = buildSearchIndex(list);
const ids = (filter: Partial<typeof emptyFilter>) =>
  applyFilter(list, index, { ...emptyFilter, ...filter }).map((submission) => submission.id);

describe("the inbox filter", () => {
  it("finds words in name, e-mail, phone and message, without regard to case or diacritics", () => {
    expect(ids({ query: "dvorak" })).toEqual(["1"]);
    expect(ids({ query: "VESELÁ" })).toEqual(["2"]);
    expect(ids({ query: "alena@" })).toEqual(["3"]);
    expect(ids({ query: "harmonizaci ráda" })).toEqual(["1"]);
    expect(ids({ query: "777123456" })).toEqual(["1"]);
    expect(ids({ query: "nikdo" })).toEqual([]);
  });

  it("counts both readings of a form type as one", () => {
    expect(ids({ formType: "gift_ritual" })).toEqual(["2", "3"]);
    expect(ids({ formType: "contact" })).toEqual(["1"]);
  });

  it("filters by date range (both ends included), state and e-mail fate", () => {
    expect(ids({ from: "2026-02-01", to: "2026-03-01" })).toEqual(["2"]);
    expect(ids({ state: "nove" })).toEqual(["1"]);
    expect(ids({ state: "nevyrizene" })).toEqual(["1", "3"]);
    expect(ids({ state: "vyrizene" })).toEqual(["2"]);
    expect(ids({ mail: "neodeslane" })).toEqual(["2"]);
  });

  it("round-trips through the address and ignores values it does not know", () => {
    const filter = {
      ...emptyFilter,
      query: "bára",
      formType: "contact" as const,
      from: "2026-01-01",
      state: "nove" as const,
    };
    expect(readFilter(writeFilter(filter))).toEqual(filter);
    expect(readFilter(new URLSearchParams("formular=x&od=včera&stav=smazane&emaily=?"))).toEqual(
      emptyFilter,
    );
  });
});

describe("the CSV export", () => {
  it("starts with a byte-order mark, separates with „;“ and reads back whole, Czech letters intact, formulas neutralised", () => {
    const csv = toCsv(list);
    expect(csv.startsWith("\ufeffDatum;Typ formuláře;")).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ";", skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...csvHeader]);
    // Her spreadsheet's headings are Czech words, „E-mail“ as everywhere else she reads.
    expect(parsed.data[0]).toContain("E-mail");
    expect(parsed.data[0]).not.toContain("Email");
    expect(csv).not.toMatch(/\p{L} - \p{L}/u);
    expect(parsed.data[1]?.slice(1, 4)).toEqual([
      "Kontaktní formulář",
      "Cecílie Dvořáková",
      "cecilie@example.cz",
    ]);
    expect(parsed.data[2]?.[1]).toBe("Dárek – rituál");
    expect(parsed.data[2]?.[8]).toBe("E-mail neodešel");
    expect(parsed.data[3]?.[6]).toBe('\'=HYPERLINK("http://zle.example")');
    expect(parsed.data[1]?.[4]).toBe("'+420 777 123 456");
  });
});

describe("the date filter", () => {
  it("reads the days in Prague: 23:30 UTC on New Year's Eve is already 1 January", () => {
    const late = { ...base, id: "late", created_at: "2026-12-31T23:30:00.000Z" };
    const filter = { ...emptyFilter, from: "2027-01-01", to: "2027-01-01" };
    expect(applyFilter([late], buildSearchIndex([late]), filter).map((each) => each.id)).toEqual([
      "late",
    ]);
  });
});
