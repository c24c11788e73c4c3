import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { html } from "hono/html";
import { afterEach, describe, expect, it } from "vitest";
import { logoMark } from "#shared/logo-mark";
import { homeAnchors, homeSection } from "#shared/routes";
import { site } from "#shared/site";
import { findFrameFonts, pageFrame, plainPage, setFrameFonts, writeToMeLink } from "./plain-page";

const render = async (frame: ReturnType<typeof pageFrame>) => String(await frame);
const builtFonts = {
  lora: "/assets/lora-first-visit-600-Dmf_6goI.woff2",
  publicSans: "/assets/public-sans-first-visit-400-RcjJ75GR.woff2",
};

afterEach(() => setFrameFonts({}));

describe("the frame of the pages answered per request", () => {
  it("has the site's header: its mark, as the site's header draws it, and its name, leading home", async () => {
    const page = await render(plainPage("Formulář nebyl odeslán", "Zkuste to prosím znovu."));
    const header = page.match(/<header class="site-header">([\s\S]*?)<\/header>/)?.[1] ?? "";
    expect(header).toMatch(/^<div><a href="\/"><svg [^>]*aria-hidden="true"/);
    expect(header).toContain(`<span>${site.title}</span></a>`);
    for (const shape of [logoMark.arch, logoMark.stem.d, ...logoMark.leaves]) {
      expect(header).toContain(`d="${shape}"`);
    }
    expect(page).not.toMatch(/<script\b/i);
  });

  it("sets its headings in Lora and its text in Public Sans, with the site's metric-matched local fallbacks", async () => {
    const page = await render(plainPage("Hotovo", "Děkuji."));
    expect(page).toMatch(/h1, h2 \{ font-family: "Lora First Visit", "Lora Fallback", Georgia/);
    expect(page).toMatch(
      /body \{[^}]*font: 17px\/1\.6 "Public Sans First Visit", "Public Sans Fallback"/,
    );
    // The descriptors of web/app.css's fallbacks, so that nothing moves when the files arrive.
    expect(page).toMatch(
      /font-family: "Lora Fallback"; font-weight: 600 700; src: local\("Times New Roman Bold"\)[^}]*size-adjust: 110\.5%/,
    );
    expect(page).toMatch(
      /font-family: "Public Sans Fallback"; font-weight: 400 500; src: local\("Arial"\)[^}]*size-adjust: 102\.6%/,
    );
    // Without a build there is no file to ask for: the local fallbacks only, and no face of the
    // first-visit families (a bold one alone would set the text in bold).
    expect(page).not.toContain("url(");
    expect(page).not.toMatch(/@font-face \{ font-family: "(Lora|Public Sans) First Visit"/);
    expect(page).not.toContain('rel="preload"');
    expect(page).not.toMatch(/system-ui, sans-serif;|font-family: Georgia/);
  });

  it("asks for the build's font files by their hashed names, preloaded", async () => {
    setFrameFonts(builtFonts);
    const page = await render(plainPage("Hotovo", "Děkuji."));
    expect(page).toContain(
      `@font-face { font-family: "Lora First Visit"; font-weight: 600 700; font-display: swap; src: url("${builtFonts.lora}") format("woff2"); }`,
    );
    expect(page).toContain(`src: url("${builtFonts.publicSans}") format("woff2")`);
    expect(page).toMatch(
      /font-family: "Public Sans First Visit"; font-weight: 600 700; src: local\("Arial Bold"\)/,
    );
    for (const url of Object.values(builtFonts)) {
      expect(page).toContain(
        `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin />`,
      );
    }
  });

  it("makes its actions pills of 44 px and pads a link inside a sentence to that height", async () => {
    const page = await render(
      pageFrame("Rezervace nebyla odeslána", html`<p>Napište mi prosím.</p>${writeToMeLink()}`),
    );
    expect(page).toContain(
      `<p><a href="${homeSection(homeAnchors.contact)}" class="button primary">Napsat zprávu</a></p>`,
    );
    expect(page).toContain(
      '<p class="home-link"><a href="/" class="button">Zpět na hlavní stránku</a></p>',
    );
    expect(page).toMatch(/button, a\.button \{[^}]*display: inline-flex;[^}]*min-height: 44px;/);
    expect(page).toMatch(/main a:not\(\.button\) \{ padding: 0\.8em 0; \}/);
    // The page's next step filled, the way home outlined.
    expect(page).toMatch(/a\.button\.primary \{ background: #4f6b4a; color: #fff; \}/);
    expect(page).toMatch(/a:focus-visible \{ outline: 3px solid/);
  });
});

describe("findFrameFonts", () => {
  it("finds the first-visit files among the build's assets, and nothing without a build", () => {
    const clientDir = mkdtempSync(join(tmpdir(), "frame-fonts-"));
    try {
      expect(findFrameFonts(clientDir)).toEqual({});
      mkdirSync(join(clientDir, "assets"));
      for (const file of [
        "lora-latin-wght-normal-BiLcIKcI.woff2",
        "lora-first-visit-600-Dmf_6goI.woff2",
        "public-sans-first-visit-400-RcjJ75GR.woff2",
        "root-Cx1.css",
      ]) {
        writeFileSync(join(clientDir, "assets", file), "");
      }
      expect(findFrameFonts(clientDir)).toEqual(builtFonts);
    } finally {
      rmSync(clientDir, { recursive: true });
    }
  });
});

describe("the frame's heading", () => {
  it("keeps a one-letter preposition with the word after it", async () => {
    const page = await render(plainPage("Přihlášení k novinkám", "Zadejte prosím e-mail."));
    expect(page).toContain("<h1>Přihlášení k\u00a0novinkám</h1>");
  });
});
