import { describe, expect, it } from "vitest";
import { adminReturnPath, signInReturningTo } from "./return-path";

describe("the administration page a sign-in comes back to", () => {
  it("keeps a page of the administration, with its query", () => {
    expect(adminReturnPath("/admin/zaznam/8f0c6f8e-0000-4000-8000-000000000001")).toBe(
      "/admin/zaznam/8f0c6f8e-0000-4000-8000-000000000001",
    );
    expect(adminReturnPath("/admin?stav=nove")).toBe("/admin?stav=nove");
    expect(adminReturnPath("/admin/uzivatele#x")).toBe("/admin/uzivatele");
  });

  it("refuses anything that could lead off the site or out of the administration", () => {
    for (const value of [
      null,
      undefined,
      "",
      "https://zlo.example/admin",
      "//zlo.example/admin",
      "/\\zlo.example/admin",
      "\\\\zlo.example",
      "/admin/../clenska-sekce",
      "/admin/%2e%2e/clenska-sekce/../../x",
      "/administrace",
      "/",
      "javascript:alert(1)",
      "admin/zaznam/1",
      "/\t/zlo.example",
    ]) {
      expect(adminReturnPath(value), String(value)).toBeNull();
    }
  });

  it("writes the sign-in's address with the path encoded, or the plain sign-in for anything refused", () => {
    expect(signInReturningTo("/admin/zaznam/abc")).toBe("/prihlaseni?zpet=%2Fadmin%2Fzaznam%2Fabc");
    expect(signInReturningTo("https://zlo.example/admin")).toBe("/prihlaseni");
  });
});
