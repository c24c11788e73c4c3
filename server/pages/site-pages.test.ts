import { describe, expect, it } from "vitest";
import routes from "../../web/routes";
import { clientOnlyPatterns } from "./site-pages";

type Route = { file: string; path?: string; children?: Route[] };

/** `/a/:b?` is two addresses, `/a` and `/a/:b`: each needs its shell. */
function addresses(path: string): string[] {
  const [, base, parameter] = path.match(/^(.*)\/(:[a-z]+)\?$/i) ?? [];
  return base && parameter ? [base, `${base}/${parameter}`] : [path];
}

describe("the client-only screens' shells", () => {
  it("cover every screen of the account layout, so a reload of any of them is not a 404", () => {
    // A screen added to web/routes.ts without its shell answered 404 when she reloaded it
    // (her bookings did, in session 26).
    const layout = (routes as Route[]).find((route) => route.file === "routes/account-layout.tsx");
    const screens = (layout?.children ?? []).flatMap((route) => addresses(route.path ?? ""));
    expect(screens.length).toBeGreaterThan(10);
    const missing = screens.filter(
      (path) => !(clientOnlyPatterns as readonly string[]).includes(path),
    );
    expect(missing).toEqual([]);
  });
});
