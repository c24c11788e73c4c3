import { expect, fetchHtml, test } from "./fixtures";

test("the home page is served as pre-rendered Czech HTML", async ({ page }) => {
  const html = await fetchHtml(page, "/");
  expect(html).toContain('<html lang="cs"');
});
