import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the Content-Security-Policy", () => {
  it("allows the page's own inline scripts by hash and nothing else inline", () => {
    const page = `<html><head><script type="application/ld+json">{"@type":"Person"}</script></head>
      <body><script>window.__reactRouterContext = {};</script>
      <script type="module" async="">import "/assets/entry.js";</script>
      <script src="/assets/app.js"></script></body></html>`;
    const policy = contentSecurityPolicy(page);
    const scriptSrc = policy.split("; ").find((part) => part.startsWith("script-src"));
    expect(scriptSrc).toBe(
      `script-src 'self' ${sha("window.__reactRouterContext = {};")} ${sha('import "/assets/entry.js";')}`,
    );
    expect(policy).not.toContain("unsafe-eval");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("sets the headers on every response, and HSTS only over HTTPS", async () => {
    const app = new Hono();
    app.use(securityHeaders({ trustProxy: true }));
    app.get("/page", (c) => c.html("<p>ahoj</p><script>alert(1)</script>"));
    app.get("/api", (c) => c.json({ ok: true }));
    // A response of its own, and one whose headers cannot change (set by a copy).
    app.get("/raw", () => new Response("ahoj"));
    app.get("/moved", () => Response.redirect("http://localhost/page", 302));

    const page = await app.request("/page");
    expect(await page.text()).toBe("<p>ahoj</p><script>alert(1)</script>");
    expect(page.headers.get("Content-Security-Policy")).toContain(sha("alert(1)"));
    const api = await app.request("/api");
    const raw = await app.request("/raw");
    const moved = await app.request("/moved");
    expect(moved.status).toBe(302);
    for (const response of [page, api, raw, moved]) {
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
      expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    }
    expect(api.headers.get("Content-Security-Policy")).toContain("script-src 'self';");
    const secure = await app.request("/api", { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers.get("Strict-Transport-Security")).toContain("max-age=31536000");
  });
});
