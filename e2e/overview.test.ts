/**
 * „Přehled“ on her phone (360 px), on the accounts server: visitors come (one by a link from
 * another site, one by a campaign's link who then moves on inside the site, which the beacon
 * counts) and one asks for a gift; a bot and a prefetch come too and are not counted. Then she
 * opens „Přehled“ and sees them: the visitors and views, the other site, the campaign, the gift
 * request, and the numbers as a table. Counting flushes every few seconds: the test waits for it
 * with a poll. Other tests visit the same server meanwhile, so its totals are checked as at least
 * this test's own; the referrer and the campaign are this test's alone and checked exactly.
 */
import type { Browser, Page } from "@playwright/test";
import { paths } from "#shared/routes";
import type { StatsOverviewJson } from "#shared/stats";
import {
  accountsBaseUrl,
  seededAdmins,
  sendSubmission,
  storeSession,
  useOwnAddress,
} from "./accounts-server";
import { expect, expectNoAxeViolations, screenshotPath, test, waitForHydration } from "./fixtures";

test.use({ baseURL: accountsBaseUrl });
test.beforeEach(async ({ context }, testInfo) => useOwnAddress(context, testInfo));

const owner = seededAdmins[35] as (typeof seededAdmins)[number];
const phone = { width: 360, height: 780 };
const run = Date.now().toString(36);
/** This run's own other site and campaign: no other test's visit can add to them. */
const otherSite = `prehled-${run}.example.org`;
const campaign = `podzim-${run}`;

/** A phone's browser, one per visitor (the user agent is part of who a visitor is). */
const browserOf = (visitor: string) =>
  `Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 ${visitor}`;

async function visitor(browser: Browser, name: string, address: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: accountsBaseUrl,
    userAgent: browserOf(`${name}-${run}`),
    locale: "cs-CZ",
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return context.newPage();
}

async function screenshot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize(width === 360 ? phone : { width, height: 900 });
    await page.screenshot({
      path: screenshotPath(`overview-${name}-${width}.png`),
      fullPage: true,
    });
  }
}

test("she sees on her phone who came, from where, by which campaign and what they asked for; bots and prefetches are not counted", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const session = await storeSession(page, owner.email, owner.password);
  const overview = async (): Promise<StatsOverviewJson> => {
    const answer = await page.request.get("/api/admin/stats?range=7d", {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as StatsOverviewJson;
  };
  const before = await overview();

  // A bot, and a browser's prefetch, first: once the visits after them are counted, so are they.
  await page.request.get("/", {
    headers: {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Accept-Language": "cs",
      Accept: "text/html",
      Referer: `https://bot-${run}.example.org/`,
    },
  });
  await page.request.get(`/?utm_source=prefetch&utm_campaign=prefetch-${run}`, {
    headers: {
      "User-Agent": browserOf(`prefetch-${run}`),
      "Accept-Language": "cs",
      Accept: "text/html",
      "Sec-Purpose": "prefetch",
    },
  });

  // One comes by a link from another site.
  const fromLink = await visitor(browser, "odkaz", "10.200.1.10");
  await fromLink.goto(paths.harmonisation, { referer: `https://${otherSite}/clanek?id=7` });
  // One comes by her campaign's link, then moves on inside the site (the beacon counts that).
  const fromCampaign = await visitor(browser, "kampan", "10.200.2.10");
  await fromCampaign.goto(`/?utm_source=instagram&utm_medium=social&utm_campaign=${campaign}`);
  await waitForHydration(fromCampaign);
  const beacon = fromCampaign.waitForResponse(
    (response) => response.url().endsWith(paths.statsBeacon) && response.status() === 204,
  );
  await fromCampaign.locator(`a[href="${paths.about}"]`).first().click();
  // The server may be busy re-rendering pages for another test: the navigation waits for it.
  await expect(fromCampaign).toHaveURL(new RegExp(`${paths.about}$`), { timeout: 30_000 });
  await beacon;
  // One asks for the gift.
  const giftSeeker = await visitor(browser, "darek", "10.200.3.10");
  await giftSeeker.goto(paths.gift);
  await sendSubmission(giftSeeker, {
    formType: "gift_ritual",
    name: "Šárka Dvořáková",
    email: `sarka-${run}@example.cz`,
    website: "",
  });

  // Counted within a few seconds: waited for, not slept.
  await expect
    .poll(
      async () => {
        const now = await overview();
        return {
          referrer: now.topReferrers.find((row) => row.domain === otherSite)?.views ?? 0,
          campaign: now.campaigns.find((row) => row.campaign === campaign)?.views ?? 0,
          visitors: now.totals.visitors - before.totals.visitors >= 3,
          views: now.totals.views - before.totals.views >= 4,
          giftRequests:
            now.conversions.totals.giftRequests - before.conversions.totals.giftRequests >= 1,
        };
      },
      { timeout: 60_000, intervals: [1000] },
    )
    // The campaign's visitor: her first page (the document); the page she moved on to has no
    // campaign in its address.
    .toEqual({ referrer: 1, campaign: 1, visitors: true, views: true, giftRequests: true });
  const counted = await overview();
  expect(counted.topReferrers.map((row) => row.domain)).not.toContain(`bot-${run}.example.org`);
  expect(counted.campaigns.map((row) => row.campaign)).not.toContain(`prefetch-${run}`);

  // Her phone.
  await page.setViewportSize(phone);
  await page.goto(paths.adminOverview);
  await expect(page.getByRole("heading", { level: 2, name: "Přehled" })).toBeVisible();
  const visitorsShown = Number(
    ((await page.locator('[data-total="Návštěvníci"] dd').first().textContent()) ?? "").replace(
      /\s/g,
      "",
    ),
  );
  expect(visitorsShown).toBeGreaterThanOrEqual(before.totals.visitors + 3);
  await expect(
    page.locator("[data-list=referrers] li").filter({ hasText: otherSite }),
  ).toContainText("1");
  await expect(
    page
      .locator("[data-list=campaigns] li")
      .filter({ hasText: `${campaign} · instagram · social` }),
  ).toContainText("1");
  const gifts = page.locator("[data-conversion=giftRequests] td").first();
  expect(Number(((await gifts.textContent()) ?? "").replace(/\s/g, ""))).toBeGreaterThanOrEqual(
    before.conversions.totals.giftRequests + 1,
  );
  await expect(page.locator("[data-chart=visitors] canvas")).toHaveAttribute(
    "aria-label",
    /^Návštěvníci: celkem/,
  );
  await screenshot(page, "with-data");

  // The numbers as a table: seven days, today's last.
  await page.setViewportSize(phone);
  await page.locator("[data-chart=visitors]").getByText("Zobrazit jako tabulku").click();
  const rows = page.locator("[data-chart=visitors] tbody tr");
  await expect(rows).toHaveCount(7);
  const today = Number(
    ((await rows.last().locator("td").first().textContent()) ?? "").replace(/\s/g, ""),
  );
  expect(today).toBeGreaterThanOrEqual(3);
  await screenshot(page, "table");
  await expectNoAxeViolations(page);

  // Another range, by the switch.
  await page.getByRole("link", { name: "12 měsíců" }).click();
  await expect(page).toHaveURL(/obdobi=12m/);
  await expect(page.getByRole("link", { name: "12 měsíců" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    page.locator("[data-list=referrers] li").filter({ hasText: otherSite }),
  ).toBeVisible();

  // Her inbox keeps the messages first, with one line of the week above them.
  await page.goto(paths.admin);
  const glance = page.locator("[data-week-glance]");
  await expect(glance).toContainText("Posledních 7 dní:");
  await expect(glance.getByRole("link", { name: "Přehled" })).toHaveAttribute(
    "href",
    paths.adminOverview,
  );
  await screenshot(page, "inbox");

  // „Můj účet“: the weekly summary, on by default, turned off and kept off.
  await page.setViewportSize(phone);
  await page.goto(paths.adminAccount);
  const weekly = page.getByRole("checkbox", { name: /týdenní souhrn e-mailem/ });
  await expect(weekly).toBeChecked();
  await weekly.uncheck();
  await expect(page.getByText("Týdenní souhrn je vypnutý.")).toBeVisible();
  await page.reload();
  await expect(weekly).not.toBeChecked();
  await screenshot(page, "account");
  await weekly.check();
  await expect(page.getByText("Týdenní souhrn vám bude chodit každé pondělí ráno.")).toBeVisible();
});
