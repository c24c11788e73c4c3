import { describe, expect, it } from "vitest";
import { type AuditEntry, auditActions } from "#shared/user-admin";
import {
  accountCount,
  actorOf,
  describeAuditEntry,
  describeDevice,
} from "~/components/admin/user-format";

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: "2026-03-14T08:30:00.000Z",
  action: "role_granted",
  actor_email: "spravkyne@example.cz",
  target_email: "jana@example.cz",
  role: "member",
  submission: null,
  content_key: null,
  subject: null,
  ...overrides,
});

describe("the users, sign-ins and audit log texts", () => {
  it("counts accounts in Czech", () => {
    expect([0, 1, 2, 4, 5, 21].map(accountCount)).toEqual([
      "0 účtů",
      "1 účet",
      "2 účty",
      "4 účty",
      "5 účtů",
      "21 účtů",
    ]);
  });

  it("names the browser and system, whichever names the User-Agent borrows", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0",
      ),
    ).toBe("Edge ve Windows");
    expect(
      describeDevice(
        "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome v Androidu");
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari v iPhonu nebo iPadu");
    expect(
      describeDevice(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0",
      ),
    ).toBe("Firefox v macOS");
    expect(describeDevice("curl/8.5.0")).toBe("Prohlížeč");
    expect(describeDevice(null)).toBe("Neznámé zařízení");
  });

  it("names the content item a publish or a restore made live", () => {
    const about = { role: null, target_email: null, content_key: "home-hero" };
    expect(describeAuditEntry(entry({ action: "content_published", ...about }))).toBe(
      "Zveřejněn obsah „Úvod domovské stránky“.",
    );
    expect(
      describeAuditEntry(entry({ action: "content_restored", ...about, content_key: "offers" })),
    ).toBe("Obnovena dřívější verze obsahu „Nabídka“.");
  });

  it("says what each change did, without the actor's gender", () => {
    expect(describeAuditEntry(entry({}))).toBe(
      "Účet jana@example.cz dostal přístup do členské sekce.",
    );
    expect(describeAuditEntry(entry({ action: "role_revoked", role: "admin" }))).toBe(
      "Účtu jana@example.cz byl odebrán přístup do administrace.",
    );
    expect(describeAuditEntry(entry({ action: "two_factor_enrolled", role: null }))).toBe(
      "U účtu jana@example.cz bylo zapnuto ověření kódem z aplikace.",
    );
    expect(describeAuditEntry(entry({ action: "two_factor_reset", role: null }))).toBe(
      "Účtu jana@example.cz bylo zrušeno ověření kódem z aplikace.",
    );
    expect(describeAuditEntry(entry({ action: "two_factor_app_added", role: null }))).toBe(
      "U účtu jana@example.cz přibyla další aplikace pro ověřovací kódy.",
    );
    expect(describeAuditEntry(entry({ action: "two_factor_app_removed", role: null }))).toBe(
      "U účtu jana@example.cz byla odebrána aplikace pro ověřovací kódy.",
    );
    expect(describeAuditEntry(entry({ action: "recovery_codes_regenerated", role: null }))).toBe(
      "Účet jana@example.cz dostal nové záložní kódy; dosavadní přestaly platit.",
    );
    expect(describeAuditEntry(entry({ action: "password_changed", role: null }))).toBe(
      "U účtu jana@example.cz bylo změněno heslo.",
    );
    expect(describeAuditEntry(entry({ action: "first_admin_created", role: null }))).toBe(
      "Účet jana@example.cz dostal přístup do administrace jako první, jednorázovým odkazem z\u00a0výpisu serveru.",
    );
    const deleted = describeAuditEntry(
      entry({
        action: "submission_deleted",
        target_email: null,
        role: null,
        submission: { created_at: "2026-03-14T08:30:00.000Z", form_type: "darek_1" },
      }),
    );
    expect(deleted).toMatch(
      /^Smazán záznam „Dárek – rituál“ odeslaný 14\.\u00a03\.\u00a02026\u00a0v\u00a0\d{1,2}:30\.$/,
    );
  });

  it("says every action in a Czech sentence of its own, quoting its subject", () => {
    for (const action of auditActions) {
      const text = describeAuditEntry(entry({ action, subject: "Podzimní setkání" }));
      expect(text, action).not.toBe(action);
      expect(text, action).toMatch(/^[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ].*\.$/);
    }
    expect(
      describeAuditEntry(entry({ action: "event_cancelled", subject: "Podzimní setkání" })),
    ).toBe("Zrušena akce „Podzimní setkání“; přihlášení dostali zprávu.");
  });

  it("names the command line when no account acted", () => {
    expect(actorOf(entry({}))).toBe("spravkyne@example.cz");
    expect(actorOf(entry({ actor_email: null }))).toBe("správa přímo na serveru");
  });
});
