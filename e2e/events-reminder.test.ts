/**
 * An event's reminder at its time, at 360 px, on a server of its own whose e-mails go to a real
 * SMTP peer on loopback and whose time the test moves (testing/shifted-clock-server.ts): she
 * publishes an event three days ahead, a visitor signs up on its page with scripts blocked, the
 * confirmation's akce.ics parses; the reminder is not sent 25 hours before the start, and is
 * sent once 23 hours before it.
 */
import ICAL from "ical.js";
import { writeClockShift } from "#testing/shifted-clock-server";
import { seededAdmins } from "./accounts-server";
import { expect, screenshotPath, test } from "./fixtures";
import { mainPort } from "./main-server";
import { setUpOwnServer } from "./own-server";

const owner = seededAdmins[37] as (typeof seededAdmins)[number];
const hour = 3_600_000;
const reminderSubject = "Připomínka: zítra se uvidíme – Bylinková dílna";

const server = setUpOwnServer({
  port: mainPort + 68, // +66 is the letters e2e server's
  name: "event-reminder",
  // Her account only: this server shares nothing with the accounts server.
  owner,
  settings: { TRUST_PROXY: "true", ADMIN_REQUIRE_2FA: "false", LOG_LEVEL: "warn" },
  movableClock: true,
});
const { origin } = server;

function mailsTo(address: string, subject: string) {
  return server.smtp.mails.filter(
    (mail) => mail.envelopeTo.includes(address) && mail.subject === subject,
  );
}

test.use({ viewport: { width: 360, height: 780 }, javaScriptEnabled: false });

test("the reminder goes 24 hours before the event, once, and not before", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const slug = `bylinkova-dilna-${Date.now().toString(36)}`;
  const startsAt = new Date(Math.ceil((Date.now() + 72 * hour) / hour) * hour);

  const session = await request.post(`${origin}/auth/v1/token?grant_type=password`, {
    data: { email: owner.email, password: owner.password },
  });
  const { access_token: token } = (await session.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post(`${origin}/api/admin/events`, {
    headers,
    data: {
      event: {
        title: "Bylinková dílna",
        slug,
        description: "<p>Namícháme si bylinné oleje a každá si odnese svůj.</p>",
        photoId: null,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * hour).toISOString(),
        signupDeadline: new Date(startsAt.getTime() - 48 * hour).toISOString(),
        placeKind: "address",
        address: "Zahrada u Lípy, Jinačovice 12",
        onlineNote: null,
        priceCzk: 390,
        capacity: 6,
        maxPlacesPerSignup: 1,
        waitingList: false,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { id: string; version: number } };
  const published = await request.post(`${origin}/api/admin/events/${event.id}/publish`, {
    headers,
    data: { version: event.version },
  });
  expect(published.status()).toBe(200);

  // A visitor signs up with scripts blocked (the page is in the store within moments).
  const visitor = `pripominka-${slug}@example.cz`;
  await expect
    .poll(async () => (await request.get(`${origin}/akce/${slug}`)).status(), { timeout: 10_000 })
    .toBe(200);
  await page.goto(`${origin}/akce/${slug}`);
  await page.getByLabel("Jméno a příjmení").fill("Alena Horká");
  await page.getByLabel("E-mail").fill(visitor);
  await page.getByLabel(/Souhlasím se zpracováním/).check();
  await page.getByRole("button", { name: "Přihlásit se" }).click();
  await expect(page.getByRole("heading", { name: "Máte místo" })).toBeVisible();
  await page.screenshot({ path: screenshotPath("events-reminder-signed-up-360.png") });

  await expect
    .poll(() => mailsTo(visitor, "Přihláška je potvrzená: Bylinková dílna").length, {
      timeout: 30_000,
    })
    .toBe(1);
  const [confirmation] = mailsTo(visitor, "Přihláška je potvrzená: Bylinková dílna");
  const ics = confirmation?.attachments.find((file) => file.filename === "akce.ics");
  const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString("utf8") ?? ""));
  const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  expect(vevent.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());

  try {
    // 25 hours before: the worker runs (every 10 s) and sends nothing yet.
    await writeClockShift(server.clockFile, startsAt.getTime() - 25 * hour - Date.now());
    await page.waitForTimeout(12_000);
    expect(mailsTo(visitor, reminderSubject)).toHaveLength(0);

    // 23 hours before: the reminder, once.
    await writeClockShift(server.clockFile, startsAt.getTime() - 23 * hour - Date.now());
    await expect.poll(() => mailsTo(visitor, reminderSubject).length, { timeout: 40_000 }).toBe(1);
    await page.waitForTimeout(12_000);
    expect(mailsTo(visitor, reminderSubject)).toHaveLength(1);
    const [reminder] = mailsTo(visitor, reminderSubject);
    expect(reminder?.text?.replace(/\u00a0/g, " ")).toContain(
      "Místo: Zahrada u Lípy, Jinačovice 12",
    );
  } finally {
    await writeClockShift(server.clockFile, 0);
  }
});
