/**
 * The personal gift page (`/dar/<token>`) as the server answers it, and the scent guide's PDF
 * under it (decision 0028). The link is the key: a revoked link answers 410, an unknown one (never
 * made, or its request deleted) 404, and neither opens the guide or its PDF. Every answer here is
 * someone's own: never stored by a cache, never indexed. The guide's old public addresses lead to
 * the gift page's teaser.
 */
import { type Context, Hono } from "hono";
import { paths, personalGuidePdfName, scentGuidePdfKey } from "#shared/routes";
import { fragranceId } from "~/components/gift/gift-ids";
import type { Pages } from "../pages/pages";
import { plainPage } from "../plain-page";
import type { GiftLinkCheck, GiftLinks } from "./gift-links";
import type { Materials } from "./materials";

/** Where the guide's old public page and PDF lead: the scent gift on the gift page. */
export const scentGuideTeaser = `${paths.gift}#${fragranceId}`;

const personal = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** The status of a link that opens nothing: 410 for one she revoked, 404 for any other. */
function refusedStatus(check: GiftLinkCheck): 404 | 410 | undefined {
  if (check.state === "revoked") return 410;
  return check.state === "unknown" ? 404 : undefined;
}

const refusals = {
  404: {
    heading: "Tento odkaz neplatí",
    message:
      "Odkaz na dárek je neplatný nebo už vypršel. Napiš mi a pošlu ti nový, nebo si o dárek řekni znovu na stránce s dárky.",
  },
  410: {
    heading: "Tento odkaz byl zrušen",
    message:
      "Odkaz na dárek už neplatí. Napiš mi a pošlu ti nový, nebo si o dárek řekni znovu na stránce s dárky.",
  },
} as const;

export function createGiftPageRoutes({
  giftLinks,
  materials,
  pages,
  setFrameSources,
}: {
  giftLinks: GiftLinks;
  materials: Materials;
  pages: Pages;
  /** Lets the page frame its video's one host (YouTube or Vimeo). */
  setFrameSources: (c: Context, origins: string[]) => void;
}) {
  const routes = new Hono();

  routes.get(paths.scentGuide, (c) => c.redirect(scentGuideTeaser, 301));
  routes.get(paths.scentGuidePdf, (c) => c.redirect(scentGuideTeaser, 301));

  // The page itself is the client-only shell (the page store's); its data come from
  // `GET /api/gifts/<token>`. Here it gets the status its link deserves.
  routes.get(`${paths.giftDelivery}/:token`, async (c, next) => {
    const check = await giftLinks.check(c.req.param("token"));
    if (check.state === "valid") {
      const material = await materials.firstOffered(check.gift);
      if (material?.embedUrl) setFrameSources(c, [new URL(material.embedUrl).origin]);
    }
    await next();
    const status = refusedStatus(check);
    if (status && c.res.status === 200) {
      c.res = new Response(c.res.body, { status, headers: c.res.headers });
    }
    for (const [name, value] of Object.entries(personal)) c.res.headers.set(name, value);
  });

  routes.on(["GET", "HEAD"], `${paths.giftDelivery}/:token/${personalGuidePdfName}`, async (c) => {
    const check = await giftLinks.check(c.req.param("token"));
    const status = refusedStatus(check) ?? 404;
    const material = check.state === "valid" ? await materials.firstOffered(check.gift) : undefined;
    if (material?.kind === "guide") await pages.whenServing();
    const pdf = material?.kind === "guide" ? pages.find(scentGuidePdfKey) : undefined;
    if (!pdf) {
      const refusal = refusals[status];
      return c.html(plainPage(refusal.heading, refusal.message), status, personal);
    }
    return c.body(new Uint8Array(pdf.body), 200, {
      ...personal,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.body.length),
      "Content-Disposition": `attachment; filename="${personalGuidePdfName}"`,
    });
  });

  return routes;
}
