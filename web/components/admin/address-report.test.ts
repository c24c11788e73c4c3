import { describe, expect, it } from "vitest";
import { operatorDefaults } from "#shared/site";
import { type AddressExport, addressReport } from "~/components/admin/address-report";

const data: AddressExport = {
  email: "jana@example.cz",
  exported_at: "2026-11-27T09:00:00.000Z",
  submissions: [
    {
      id: "8f0c6f8e-0000-4000-8000-000000000001",
      created_at: "2026-03-14T08:30:00.000Z",
      form_type: "contact",
      name: "Jana Nováková",
      email: "jana@example.cz",
      phone: null,
      service_type: "consultation",
      message: "Dobrý den,\n\nmáte volno v dubnu?",
      privacy_consent: true,
    },
  ],
  mails: [
    {
      kind: "contact_confirmation",
      to: "jana@example.cz",
      status: "sent",
      subject: "Vaše zpráva dorazila – Harmonie přírody",
      text: "Děkuji za zprávu.",
      created_at: "2026-03-14T08:30:00.000Z",
      sent_at: "2026-03-14T08:30:05.000Z",
    },
  ],
  account: {
    email: "jana@example.cz",
    user_metadata: { full_name: "Jana Nováková" },
    created_at: "2026-01-02T10:00:00.000Z",
    email_confirmed_at: "2026-01-02T10:05:00.000Z",
    last_sign_in_at: "2026-11-20T17:45:00.000Z",
    roles: ["member"],
    sign_ins: [
      {
        created_at: "2026-11-20T17:45:00.000Z",
        refreshed_at: null,
        user_agent:
          "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
        ip_address: "203.0.113.7",
      },
    ],
    trusted_address_blocks: [
      { address_block: "203.0.113.7", last_sign_in_at: "2026-11-20T17:45:00.000Z" },
    ],
    trusted_devices: [],
    authenticator_apps: [],
    members_access_requested_at: "2026-01-03T08:00:00.000Z",
  },
};

describe("the report of an address for the person who asked", () => {
  it("says in Czech what each form, e-mail and the account hold, and where her rights are", () => {
    const written = addressReport(data, "https://harmonieprirody.cz", operatorDefaults);
    // A moment is held on one line as everywhere („14. 3. 2026 v 9:30“); read here with plain spaces.
    expect(written).toContain("odesláno 14.\u00a03.\u00a02026\u00a0v\u00a09:30");
    const report = written.replaceAll("\u00a0", " ");
    expect(report).toMatch(/^Údaje o e-mailové adrese jana@example\.cz\n/);
    expect(report).toContain("Správce: Kateřina Lesná, IČO 12345679, Hlavní 1, 664 34 Jinačovice");
    expect(report).toContain("ODESLANÉ FORMULÁŘE (1)");
    // Czech time, whatever the browser's zone: 08:30 UTC is 9:30 in Prague in March.
    expect(report).toContain("1. Kontaktní formulář, odesláno 14. 3. 2026 v 9:30");
    expect(report).toContain("   Telefon: –");
    expect(report).toContain("   Zpráva:\n      Dobrý den,\n\n      máte volno v dubnu?");
    expect(report).toContain("   Souhlas se zpracováním osobních údajů: ano");
    expect(report).toContain(
      "1. „Vaše zpráva dorazila – Harmonie přírody“ (potvrzení přijaté zprávy)",
    );
    expect(report).toContain("Stav: odeslaný, 14. 3. 2026 v 9:30");
    expect(report).toContain("   Jméno: Jana Nováková");
    expect(report).toContain("   Přístup: členská sekce");
    expect(report).toContain("   Žádost o přístup do členské sekce: 3. 1. 2026 v 9:00");
    expect(report).toContain("   Ověření kódem z aplikace: vypnuté");
    expect(report).toContain("PŘIHLÁŠENÍ K ÚČTU (1)");
    expect(report).toContain("1. 20. 11. 2026 v 18:45, Chrome v Androidu");
    expect(report).toContain("   IP adresa: 203.0.113.7");
    expect(report).toContain("   Síť 203.0.113.7, naposledy 20. 11. 2026 v 18:45");
    expect(report).toContain("Časy jsou uvedené v českém čase.");
    expect(report).toContain("https://harmonieprirody.cz/zasady-ochrany-osobnich-udaju");
    // Nothing of a machine's: no braces, no field names, no ISO times.
    expect(report).not.toMatch(/[{}]|created_at|T\d\d:\d\d/);
  });

  it("says so when nothing is kept", () => {
    const report = addressReport(
      { ...data, submissions: [], mails: [], account: null },
      "https://harmonieprirody.cz",
      operatorDefaults,
    );
    expect(report).toContain("ODESLANÉ FORMULÁŘE (0)\n\n   Žádné.");
    expect(report).toContain("E-MAILY (0)\n\n   Žádné.");
    expect(report).toContain("ÚČET\n\n   Tato adresa nemá účet.");
  });
});
