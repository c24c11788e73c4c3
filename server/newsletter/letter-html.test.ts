/**
 * A letter's button („Tlačítko“ of her editor): kept by the letter's sanitizer, and drawn in the
 * mail as a button that leads to the site's own address, with nothing else of its class kept.
 */
import { describe, expect, it } from "vitest";
import { letterMailHtml, sanitizeLetterHtml } from "./letter-html";

const siteUrl = "https://harmonie.example";

describe("a letter's button", () => {
  it("is kept by the sanitizer and drawn as a button with the site's address", () => {
    const stored = sanitizeLetterHtml(
      '<p>Nový článek je venku.</p><p><a class="button" href="/blog/ranni-ritual" onclick="x()">Přečíst článek</a></p>',
    );
    expect(stored).toBe(
      '<p>Nový článek je venku.</p><p><a href="/blog/ranni-ritual" class="button">Přečíst článek</a></p>',
    );
    const mail = letterMailHtml(stored, siteUrl);
    expect(mail).toMatch(
      /<a style="display:inline-block;background-color:#4f6b4a;color:#ffffff;[^"]*" href="https:\/\/harmonie\.example\/blog\/ranni-ritual">Přečíst článek<\/a>/,
    );
    expect(mail).not.toContain("class=");
  });

  it("leaves a plain link a link, and a button to another site keeps its rel", () => {
    const mail = letterMailHtml(
      sanitizeLetterHtml(
        '<p><a href="/akce">akce</a> <a class="button" href="https://example.com/x">Jinam</a></p>',
      ),
      siteUrl,
    );
    expect(mail).toContain(
      '<a style="color:#4f6b4a" href="https://harmonie.example/akce">akce</a>',
    );
    expect(mail).toMatch(
      /<a style="display:inline-block;[^"]*" href="https:\/\/example\.com\/x" rel="noopener">Jinam<\/a>/,
    );
  });
});
