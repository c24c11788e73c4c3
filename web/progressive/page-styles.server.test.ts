import { describe, expect, it } from "vitest";
import { keepMatchingStyles, keepRules, withoutFontFaces } from "~/progressive/page-styles.server";

const classes = (...names: string[]) => new Set(names);

describe("the rules a page keeps", () => {
  it("keeps the rules of the classes in the page's markup and leaves out the others", () => {
    const css = ".p-4{padding:1rem}.p-8{padding:2rem}.sm\\:p-6{padding:1.5rem}";
    expect(keepRules(css, classes("p-4", "sm:p-6"))).toBe(
      ".p-4{padding:1rem}.sm\\:p-6{padding:1.5rem}",
    );
  });

  it("keeps every rule without a class, and at-rules that hold no style rules", () => {
    const css =
      '@layer theme,base;:root{--x:1}html:not([data-scripts]) main>section{content-visibility:auto}@property --tw-a{syntax:"*";inherits:false}@font-face{font-family:"A";src:url(/a.woff2)}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(keepRules(css, classes())).toBe(css);
  });

  it("leaves out the comments between rules, which would otherwise read as a selector", () => {
    const css =
      "/*! tailwindcss v4.3.5 | MIT License | https://tailwindcss.com */\n@layer properties{@supports (x:y){*{--tw-a:0}}}.a{color:red}/* b */ .b{color:blue}";
    expect(keepRules(css, classes("a"))).toBe(
      "@layer properties{@supports (x:y){*{--tw-a:0}}}.a{color:red}",
    );
  });

  it("walks into media queries, supports and layers, and drops those left empty", () => {
    const css =
      "@layer utilities{.a{color:red}@media (width>=40rem){.sm\\:a{color:blue}}@supports (color:red){.b{color:green}}}";
    expect(keepRules(css, classes("a"))).toBe("@layer utilities{.a{color:red}}");
  });

  it("keeps one selector of a list when it can match, and reads escaped and hex-escaped classes", () => {
    const css =
      ".x,.y{color:red}.\\[\\&_a\\]\\:font-semibold a{font-weight:600}.\\32 xl\\:p-1{padding:1px}";
    expect(keepRules(css, classes("y", "[&_a]:font-semibold", "2xl:p-1"))).toBe(
      ".y{color:red}.\\[\\&_a\\]\\:font-semibold a{font-weight:600}.\\32 xl\\:p-1{padding:1px}",
    );
  });

  it("needs only the classes outside :is(), :where() and attribute values to keep a rule", () => {
    const css =
      '.group-hover\\:a:is(:where(.group):hover *){color:red}.c[data-x=".d"]{color:blue}.e{content:"}{"}';
    expect(keepRules(css, classes("group-hover:a", "c", "e"))).toBe(css);
  });
});

describe("the whole stylesheet's file", () => {
  it("leaves out the font faces, which the page's own stylesheet declares, and keeps every other rule", () => {
    const css =
      '@layer theme{:root{--x:1}}@font-face{font-family:"A";src:url(/a.woff2)}.b{color:red}@media print{@font-face{font-family:"B";src:url(/b.woff2)}.c{color:blue}}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(withoutFontFaces(css)).toBe(
      "@layer theme{:root{--x:1}}.b{color:red}@media print{.c{color:blue}}@keyframes spin{to{transform:rotate(1turn)}}",
    );
  });
});

describe("a page's stylesheet", () => {
  it("is cut to what its markup matches, and the whole one becomes a file named by its content", () => {
    const html =
      '<html><head><style>.a{color:red}.b{color:blue}.c\\:d{color:green}</style></head><body><p class="a c:d">x</p><svg class="a"></svg><p class="&amp;">y</p></body></html>';
    const page = keepMatchingStyles(html);
    expect(page.html).toContain("<style>.a{color:red}.c\\:d{color:green}</style>");
    expect(page.stylesheet?.body).toBe(".a{color:red}.b{color:blue}.c\\:d{color:green}");
    expect(page.stylesheet?.path).toMatch(/^\/assets\/styles-[\w-]{10}\.css$/);
    expect(keepMatchingStyles(html.replace("color:red", "color:pink")).stylesheet?.path).not.toBe(
      page.stylesheet?.path,
    );
  });

  it("leaves a page without an inline stylesheet as it is", () => {
    expect(keepMatchingStyles("<html><body>x</body></html>")).toEqual({
      html: "<html><body>x</body></html>",
    });
  });
});
