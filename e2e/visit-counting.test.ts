import { paths } from "#shared/routes";
import { expect, test, visitAs, waitForHydration } from "./fixtures";

// Visits are counted without cookies or storage (docs/decisions/0039-counting-visits.md): the
// first page by the server as it sends it, a page reached within the site by a beacon.
test("a visit leaves no cookie and nothing in storage, and a navigation within the site sends one beacon", async ({
  page,
  context,
}) => {
  await visitAs(page);
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === paths.statsBeacon)
      beacons.push(request.postData() ?? "");
  });
  await page.goto(`${paths.home}?utm_source=test`);
  await waitForHydration(page);
  // The first page was counted as it was served: no beacon for it.
  expect(beacons).toEqual([]);

  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === paths.statsBeacon,
  );
  await page
    .getByRole("navigation", { name: "Hlavní menu" })
    .getByRole("link", { name: "O mně", exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === paths.about);
  expect((await answered).status()).toBe(204);
  expect(beacons).toEqual([paths.about]);

  await page.goBack();
  await page.waitForURL((url) => url.pathname === paths.home);
  await expect.poll(() => beacons).toEqual([paths.about, `${paths.home}?utm_source=test`]);

  expect(await context.cookies()).toEqual([]);
  expect(
    await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
  ).toEqual({ local: 0, session: 0 });
});
