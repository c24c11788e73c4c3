/**
 * Each page keeps in its inline stylesheet only the rules its markup can match
 * (web/progressive/page-styles.server.ts). Here every public page is drawn twice at 360 and
 * 1280 px, before the first input: as the server sends it, and with the whole stylesheet of the
 * build put back in its place. The two must be the same, pixel for pixel.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { publicRoutePaths } from "#shared/routes";
import { expect, screenshotPath, test } from "./fixtures";

/** The whole stylesheet as the build holds it (web/root.tsx writes it into every page). */
function wholeStylesheet(): string {
  const build = resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
  const found = /var app_default = (".*?(?<!\\)");\n/s.exec(readFileSync(build, "utf8"));
  if (!found?.[1]) throw new Error(`no stylesheet in ${build}`);
  return JSON.parse(found[1]) as string;
}

async function drawPage(
  browser: Browser,
  { path, width, whole }: { path: string; width: number; whole?: string },
) {
  const origin = test.info().project.use.baseURL ?? "";
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  if (whole) {
    await page.route(new URL(path, origin).href, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<style>[\s\S]*?<\/style>/,
        () => `<style>${whole}</style>`,
      );
      await route.fulfill({ response, body: html });
    });
  }
  // Opened from another page of the site: set in the web fonts, which every later page uses.
  await page.goto(path, { referer: new URL("/", origin).href });
  // The sections below the first are laid out as they near the screen (`content-visibility:
  // auto`, web/app.css), until then at an estimated height: which of them a full-page drawing
  // finds laid out depends on the machine's pace, in either drawing. Both are drawn with every
  // section laid out; the rule has no class, so the cut keeps it anyway.
  await page.addStyleTag({ content: "main section { content-visibility: visible !important }" });
  await page.evaluate(async () => {
    for (const image of document.images) image.loading = "eager";
    await Promise.all([...document.images].map((image) => image.decode().catch(() => {})));
    // Every face loaded, not only those the first layout asked for: on a busy machine a face
    // could still be on its way in one of the two drawings, and its lines wrap otherwise.
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => {})));
    await document.fonts.ready;
  });
  const png = await page.screenshot({ fullPage: true, animations: "disabled" });
  const inlineLength = await page.evaluate(
    () => document.querySelector("style")?.textContent?.length,
  );
  await context.close();
  return { png, inlineLength };
}

// Four full-page drawings of a long page: a minute and more on a loaded machine.
test.describe.configure({ timeout: 180_000 });

for (const path of publicRoutePaths) {
  test(`${path} looks the same with its own rules as with the whole stylesheet`, async ({
    browser,
  }) => {
    const whole = wholeStylesheet();
    for (const width of [360, 1280]) {
      const cut = await drawPage(browser, { path, width });
      const full = await drawPage(browser, { path, width, whole });
      expect(cut.inlineLength).toBeLessThan(whole.length * 0.8);
      expect(full.inlineLength).toBe(whole.length);
      const name = `${path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${width}`;
      mkdirSync(screenshotPath("stylesheet-cut"), { recursive: true });
      await sharp(cut.png).toFile(screenshotPath("stylesheet-cut", `${name}-cut.png`));
      await sharp(full.png).toFile(screenshotPath("stylesheet-cut", `${name}-whole.png`));
      const [a, b] = await Promise.all(
        [cut.png, full.png].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
      );
      expect(a?.info.height, `${name}: height`).toBe(b?.info.height);
      let differing = 0;
      if (a && b)
        for (let i = 0; i < a.data.length; i += 1) if (a.data[i] !== b.data[i]) differing += 1;
      expect(differing, `${name}: differing bytes`).toBe(0);
    }
  });
}
