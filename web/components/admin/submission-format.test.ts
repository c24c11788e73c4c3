import { describe, expect, it } from "vitest";
import {
  formatSubmittedAt,
  formTypeLabel,
  formTypeName,
  orDash,
  serviceLabel,
  splitSubmittedAt,
  totalRecords,
} from "~/components/admin/submission-format";

describe("the submission table's texts", () => {
  it("labels both readings of each form type and shows an unknown one raw", () => {
    expect(formTypeLabel("contact")).toBe("Kontaktní formulář");
    expect(formTypeLabel("kontakt")).toBe("Kontaktní formulář");
    expect(formTypeLabel("gift_ritual")).toBe("Dárek - Rituál");
    expect(formTypeLabel("darek_1")).toBe("Dárek - Rituál");
    expect(formTypeLabel("gift_fragrance")).toBe("Dárek - Vůně");
    expect(formTypeLabel("darek_2")).toBe("Dárek - Vůně");
    expect(formTypeLabel("newsletter")).toBe("newsletter");
  });

  it("names the forms outside the table with the Czech dash, not the specification's hyphen", () => {
    expect(formTypeName("kontakt")).toBe("Kontaktní formulář");
    expect(formTypeName("darek_1")).toBe("Dárek – rituál");
    expect(formTypeName("gift_fragrance")).toBe("Dárek – vůně");
    expect(formTypeName("newsletter")).toBe("newsletter");
  });

  it("shows „-“ for an empty phone, service or message", () => {
    expect(orDash(null)).toBe("-");
    expect(orDash("")).toBe("-");
    expect(orDash("  ")).toBe("-");
    expect(orDash("+420 777 123 456")).toBe("+420 777 123 456");
    expect(serviceLabel({ service_type: null })).toBe("-");
    expect(serviceLabel({ service_type: "" })).toBe("-");
  });

  it("names a service by her list, else a seeded one in Czech, and shows any other value raw", () => {
    expect(
      serviceLabel({ service_type: "kakaovy-ritual", service_label: "Kakaový rituál pro páry" }),
    ).toBe("Kakaový rituál pro páry");
    expect(serviceLabel({ service_type: "consultation" })).toBe("Harmonizační setkání");
    expect(serviceLabel({ service_type: "workshop" })).toBe("Skupinový workshop");
    expect(serviceLabel({ service_type: "masáž" })).toBe("masáž");
  });

  it("counts records with the Czech plural forms", () => {
    expect(totalRecords(0)).toBe("Celkem 0 záznamů");
    expect(totalRecords(1)).toBe("Celkem 1 záznam");
    expect(totalRecords(2)).toBe("Celkem 2 záznamy");
    expect(totalRecords(4)).toBe("Celkem 4 záznamy");
    expect(totalRecords(5)).toBe("Celkem 5 záznamů");
    expect(totalRecords(22)).toBe("Celkem 22 záznamů");
    expect(totalRecords(111)).toBe("Celkem 111 záznamů");
  });

  it("writes dates in the Czech format", () => {
    const formatted = formatSubmittedAt("2026-03-07T09:05:00.000Z");
    expect(formatted).toMatch(/^7\. 3\. 2026 \d{1,2}:05:00$/);
    expect(splitSubmittedAt("2026-03-07T09:05:00.000Z").join(" ")).toBe(formatted);
  });
});

describe("times in the administration", () => {
  // The machine's zone (UTC on CI) is not Prague's: the answers must be Prague's anyway.
  it("are Prague time, on both daylight-saving days", () => {
    expect(formatSubmittedAt("2026-03-29T01:00:00.000Z")).toBe("29. 3. 2026 3:00:00");
    expect(splitSubmittedAt("2026-10-25T01:30:00.000Z")).toEqual(["25. 10. 2026", "2:30:00"]);
    expect(formatSubmittedAt("2026-12-31T23:30:00.000Z")).toBe("1. 1. 2027 0:30:00");
  });
});
