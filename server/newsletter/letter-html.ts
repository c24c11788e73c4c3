/**
 * A letter's body: stored as the articles' sanitizer writes it (server/articles/article-html.ts:
 * the editor's tags only, links to http(s) and mailto, pictures only from her photo library,
 * nothing that runs), and turned into what a mail client needs when it is sent: every address
 * absolute (a mail has no site around it) and the tags' looks inline (mail clients drop `<style>`).
 */
import { buttonLinkClass, sanitizeArticleHtml } from "../articles/article-html";

/** The articles' sanitizer, with one thing more: a link may be a button („Tlačítko“ of her editor). */
export function sanitizeLetterHtml(html: string): string {
  return sanitizeArticleHtml(html, { buttons: true });
}

/** Whether a sanitized body has anything to read or see (the editor's empty paragraph has not). */
export function hasLetterContent(html: string): boolean {
  if (/<img\b/.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  return text.length > 0;
}

const colors = { bark: "#3e3328", moss: "#4f6b4a" };
/** A button link's look, as the mails' own button (EmailButton in server/mail/email-layout.tsx). */
const buttonLook = `display:inline-block;background-color:${colors.moss};color:#ffffff;border-radius:999px;padding:12px 24px;font-size:16px;font-family:Arial,sans-serif;text-decoration:none`;
const textLook = `font-size:16px;line-height:26px;color:${colors.bark};margin:0 0 16px`;
/** The inline look of each tag the sanitizer lets through (it leaves them without attributes). */
const tagLooks: Record<string, string> = {
  p: textLook,
  h2: `font-size:20px;line-height:28px;color:${colors.bark};margin:24px 0 12px`,
  h3: `font-size:18px;line-height:26px;color:${colors.bark};margin:20px 0 8px`,
  ul: `${textLook};padding-left:24px`,
  ol: `${textLook};padding-left:24px`,
  li: "margin:0 0 6px",
  blockquote: `${textLook};border-left:3px solid #dfe5d3;padding-left:16px;font-style:italic`,
};

/**
 * The sanitized body as a mail carries it: her own links and photos with the site's address in
 * front, pictures no wider than the mail, and each tag's look inline.
 */
export function letterMailHtml(html: string, siteUrl: string): string {
  const origin = siteUrl.replace(/\/$/, "");
  return (
    html
      .replace(
        /<(p|h2|h3|ul|ol|li|blockquote)>/g,
        (_, tag: string) => `<${tag} style="${tagLooks[tag]}">`,
      )
      .replace(
        /<a href="(\/[^"]*|#[^"]*)"/g,
        (_, href: string) => `<a href="${origin}${href.startsWith("#") ? "/" : ""}${href}"`,
      )
      // A button: its look instead of a link's (the sanitizer writes its class last).
      .replace(
        new RegExp(`<a href="([^"]*)"( rel="noopener")? class="${buttonLinkClass}">`, "g"),
        (_, href: string, rel = "") => `<a style="${buttonLook}" href="${href}"${rel}>`,
      )
      .replace(/<a href=/g, `<a style="color:${colors.moss}" href=`)
      .replace(
        /<img src="(\/[^"]*)"/g,
        (_, src: string) =>
          `<img style="display:block;max-width:100%;height:auto;border-radius:8px;margin:0 0 16px" width="512" src="${origin}${src}"`,
      )
  );
}
