/**
 * The sanitizer's one option: a letter's link may be a button (`class="button"`), an article's
 * never, and no other class survives either way.
 */
import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "./article-html";

const button = '<p><a href="/blog/rano" class="button">Přečíst článek</a></p>';

describe("sanitizeArticleHtml", () => {
  it("keeps a letter's button link, and only its class", () => {
    expect(sanitizeArticleHtml(button, { buttons: true })).toBe(button);
    expect(
      sanitizeArticleHtml(
        '<p><a class="button evil" href="https://example.com/x" onclick="alert(1)">ven</a></p>',
        { buttons: true },
      ),
    ).toBe('<p><a href="https://example.com/x" rel="noopener" class="button">ven</a></p>');
    expect(
      sanitizeArticleHtml('<p><a class="other" href="/akce">akce</a></p>', { buttons: true }),
    ).toBe('<p><a href="/akce">akce</a></p>');
  });

  it("leaves an article's links plain, whatever class they came with", () => {
    expect(sanitizeArticleHtml(button)).toBe('<p><a href="/blog/rano">Přečíst článek</a></p>');
  });

  it("never lets a button's class make an unsafe address safe", () => {
    expect(
      sanitizeArticleHtml('<p><a class="button" href="javascript:alert(1)">x</a></p>', {
        buttons: true,
      }),
    ).toBe("<p><a>x</a></p>");
  });
});
