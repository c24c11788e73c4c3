/**
 * An article's body as the server stores it: whatever the browser sent, passed through a
 * maintained sanitizer (sanitize-html) with an allow-list of exactly what the editor makes
 * (web/components/admin/article-editor.tsx): paragraphs, h2/h3, bold and italic, lists, quotes,
 * line breaks, links and the site's own pictures. Links go only to http(s) and mailto (one to
 * another site opens nothing of ours: rel="noopener"); a picture only from the site's photo
 * paths. No style, no event handler, no SVG, script or frame survives, nor anything inside them.
 */
import sanitizeHtml from "sanitize-html";
import { isArticleImagePath } from "#shared/content/article-schemas";
import { site } from "#shared/site";

const siteOrigin = new URL(site.url).origin;

/** A link's address as the site keeps it: its own pages as paths, others whole. */
function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  if (trimmed.startsWith("#")) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol === "mailto:") return url.href;
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return url.origin === siteOrigin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** The one class a letter's link may carry: it is a button („Tlačítko“ of a letter's editor). */
export const buttonLinkClass = "button";

const options = (buttons: boolean): sanitizeHtml.IOptions => ({
  allowedTags: ["p", "h2", "h3", "strong", "em", "ul", "ol", "li", "blockquote", "br", "a", "img"],
  allowedAttributes: { a: ["href", "rel", ...(buttons ? ["class"] : [])], img: ["src", "alt"] },
  allowedClasses: buttons ? { a: [buttonLinkClass] } : {},
  // Schemes are decided by safeHref and isArticleImagePath below; these only back them up.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // The editor's own headings are h2 and h3; a pasted h1 or h4 keeps its text as one of them.
  transformTags: {
    h1: "h2",
    h4: "h3",
    h5: "h3",
    h6: "h3",
    b: "strong",
    i: "em",
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href ?? "");
      // A refused address leaves the link's text, under an `a` without one (inert): turning it
      // into another tag would confuse the sanitizer's closing of the tags that follow.
      if (!href) return { tagName, attribs: {} };
      const external = /^(https?|mailto):/.test(href);
      const button = buttons && (attribs.class ?? "").split(/\s+/).includes(buttonLinkClass);
      return {
        tagName,
        attribs: {
          href,
          ...(external && !href.startsWith("mailto:") && { rel: "noopener" }),
          ...(button && { class: buttonLinkClass }),
        },
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { src: (attribs.src ?? "").trim(), alt: (attribs.alt ?? "").trim() },
    }),
  },
  // A picture from anywhere but the site's photos goes whole.
  exclusiveFilter: (frame) => frame.tag === "img" && !isArticleImagePath(frame.attribs.src ?? ""),
  // Nothing inside these is text a reader should see.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "svg",
    "math",
    "iframe",
    "title",
  ],
  disallowedTagsMode: "discard",
});

const articleOptions = options(false);
const letterOptions = options(true);

/**
 * The body to store: only what the editor makes, nothing that runs or loads from elsewhere.
 * `buttons`: a letter's, whose links may be buttons (`class="button"`, the only class kept).
 */
export function sanitizeArticleHtml(html: string, { buttons = false } = {}): string {
  return sanitizeHtml(html, buttons ? letterOptions : articleOptions).trim();
}
