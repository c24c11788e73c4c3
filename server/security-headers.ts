import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

/**
 * The Content-Security-Policy allows nothing but the site itself. Scripts:
 * the site's own files, plus each inline script of the HTML page being
 * answered, allowed by its SHA-256 (React Router writes the router's state
 * and the module loader inline; a policy of 'self' alone would stop the page
 * from becoming interactive). Styles may be inline: pre-rendered SVG and the
 * dialog and notice libraries set style attributes and elements, and a style
 * cannot run code.
 */
const basePolicy = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Scripts a browser would run: no src, and no data type such as application/ld+json. */
export function isExecutable(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === "module" || type === "text/javascript";
}

/** A route sets this context variable to the origins its page may frame (the gift page's video host). */
export const frameSourcesKey = "frameSources";

/** The policy for one HTML document: its inline scripts by hash, nothing else inline. */
export function contentSecurityPolicy(html?: string, frameSources: string[] = []): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html?.matchAll(inlineScript) ?? []) {
    if (body.length > 0 && isExecutable(attributes)) {
      hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    }
  }
  const scripts = ["script-src 'self'", ...hashes].join(" ");
  return [
    basePolicy[0],
    scripts,
    ...basePolicy.slice(1),
    ...frameSourcesDirective(frameSources),
  ].join("; ");
}

function frameSourcesDirective(frameSources: string[]): string[] {
  return frameSources.length > 0 ? [`frame-src ${frameSources.join(" ")}`] : [];
}

export const securityHeaderValues = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
} as const;

const oneYear = 31_536_000;

/**
 * The standard security headers on every response, and HSTS when the
 * visitor came over HTTPS (directly, or through a trusted proxy).
 */
export function securityHeaders({ trustProxy }: { trustProxy: boolean }) {
  // Pages are few and fixed per build: their policies are computed once each.
  const policies = new Map<string, string>();
  // Every other answer (the API's JSON, files) gets the policy without inline scripts.
  const basePolicyText = contentSecurityPolicy();

  return createMiddleware(async (c, next) => {
    await next();
    let policy = basePolicyText;
    const frameSources = (c.get(frameSourcesKey as never) as string[] | undefined) ?? [];
    const storedPolicy = c.res.headers.get("Content-Security-Policy");
    if (storedPolicy) {
      // A page of the page store carries its own, computed when it was rendered (server/pages/).
      policy = [storedPolicy, ...frameSourcesDirective(frameSources)].join("; ");
    } else if (c.res.headers.get("Content-Type")?.startsWith("text/html") && c.res.body) {
      // A pre-rendered page may come compressed at build time (server/precompress.ts):
      // its bytes go out as they are, and only a page not seen before is read.
      const bytes = Buffer.from(await c.res.arrayBuffer());
      const encoding = c.res.headers.get("Content-Encoding");
      if (frameSources.length > 0) {
        policy = contentSecurityPolicy(htmlOf(bytes, encoding), frameSources);
      } else {
        const key = `${encoding}:${createHash("sha256").update(bytes).digest("base64")}`;
        policy = policies.get(key) ?? contentSecurityPolicy(htmlOf(bytes, encoding));
        if (policies.size < 500) policies.set(key, policy);
      }
      c.res = new Response(bytes, c.res);
    }
    const https =
      new URL(c.req.url).protocol === "https:" ||
      (trustProxy && c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim() === "https");
    setResponseHeaders(c, {
      "Content-Security-Policy": policy,
      ...securityHeaderValues,
      ...(https && { "Strict-Transport-Security": `max-age=${oneYear}; includeSubDomains` }),
    });
  });
}

/**
 * Sets headers on the finished response itself. `c.header` would copy the
 * whole response for each header once it is finished (seven copies of every
 * answer, a few per cent of a form submission's CPU); only a response whose
 * headers cannot change (say, `Response.redirect`) is copied, once per header.
 */
function setResponseHeaders(c: Context, headers: Record<string, string>) {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  }
}

/** The text of an HTML body, as it is or compressed by the build. */
function htmlOf(bytes: Buffer, encoding: string | null): string {
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

/**
 * Headers of a page reached by a secret link (an e-mail's cancel, confirm or unsubscribe link):
 * its token is in the address, so the page is never indexed, never kept by a cache, and sends
 * no Referer to where its links lead.
 */
export const secretLinkPage = createMiddleware(async (c, next) => {
  c.header("X-Robots-Tag", "noindex, nofollow");
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  await next();
});
