import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, newsletterSubscribers } from "#database/schema";
import { contentSeed } from "#shared/content/content-seed";
import { newsletterBoxLabel } from "#shared/newsletter";
import { paths } from "#shared/routes";
import {
  createTestApp,
  createTestClock,
  postForm,
  type TestClock,
  testSecret,
  testSettings,
} from "#testing/test-app";
import {
  emptyTables,
  openTimeoutMs,
  type TestDatabaseHandle,
  testDatabases,
  testTimeoutMs,
} from "#testing/test-databases";
import { startTestSmtpServer } from "#testing/test-smtp-server";
import { eraseAddress, exportAddress } from "../admin/gdpr";
import { forgetExpired } from "../housekeeping";
import { createMailTransport } from "../mail/mail-transport";
import { writeToOutbox } from "../mail/outbox";
import { sendPendingMail } from "../mail/send-pending-mail";
import { composeNewsletterConfirmation } from "./newsletter-mail";
import {
  confirmationResendMs,
  newsletterLetterHeaders,
  testLetterToken,
  unsubscribeToken,
} from "./subscribers";

const gift = {
  formType: "gift_ritual",
  name: "Šárka Dvořáková",
  email: "Sarka@Example.cz",
  privacyConsent: true,
};
const site = new URL(testSettings.SITE_URL).origin;
const fromTheSite = { "Sec-Fetch-Site": "same-origin" };
const hour = 60 * 60_000;

describe.each(testDatabases)(
  "newsletter subscribing on $name",
  { timeout: testTimeoutMs },
  ({ open }) => {
    let database: TestDatabaseHandle;
    let clock: TestClock;
    let app: ReturnType<typeof createTestApp>;

    beforeAll(async () => {
      database = await open();
    }, openTimeoutMs);
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await emptyTables(database);
      await database.db.delete(newsletterSubscribers);
      clock = createTestClock();
      app = createTestApp(database, { clock, authSecret: testSecret });
    });

    const subscribers = () =>
      database.db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.email));
    const mails = () => database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    const confirmations = async () =>
      (await mails()).filter((mail) => mail.kind === "newsletter_confirmation");
    /** The token of the last confirmation e-mail's link, as the visitor reads it. */
    const lastConfirmToken = async () => {
      const link = String((await confirmations()).at(-1)?.data?.link);
      expect(link.startsWith(`${site}${paths.newsletterConfirm}/`)).toBe(true);
      return link.slice(`${site}${paths.newsletterConfirm}/`.length);
    };
    const signUpOnBlog = (email: string, address = "198.51.100.20") =>
      app.request(paths.newsletterSignUp, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": address,
          ...fromTheSite,
        },
        body: new URLSearchParams({ email, website: "" }).toString(),
      });
    const confirmPage = (token: string, method = "GET") =>
      app.request(`${paths.newsletterConfirm}/${token}`, { method, headers: fromTheSite });
    const subscribedToken = async () => {
      await postForm(app, { ...gift, newsletter: true });
      const token = await lastConfirmToken();
      expect((await confirmPage(token, "POST")).status).toBe(303);
      const [row] = await subscribers();
      return unsubscribeToken(testSecret, String(row?.id));
    };

    it("leaves the gift as it was when the box is not ticked, or sent as false", async () => {
      expect((await postForm(app, gift)).status).toBe(201);
      expect((await postForm(app, { ...gift, newsletter: false })).status).toBe(201);
      expect(await subscribers()).toEqual([]);
      expect((await mails()).map((mail) => mail.kind)).toEqual([
        "owner_notification",
        "gift_delivery",
        "owner_notification",
        "gift_delivery",
      ]);
      // Without scripts, an unticked box is not posted at all.
      const response = await app.request(paths.formPost, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": "203.0.113.9",
          ...fromTheSite,
        },
        body: new URLSearchParams({
          formType: "darek_2",
          name: "Jana",
          email: "jana@example.cz",
          privacyConsent: "on",
        }).toString(),
      });
      expect(response.status).toBe(303);
      expect(await subscribers()).toEqual([]);
    });

    it("a ticked box stores a pending subscriber with the proof of consent and queues only its confirmation", async () => {
      expect((await postForm(app, { ...gift, newsletter: true })).status).toBe(201);
      const [row] = await subscribers();
      expect(row).toMatchObject({
        email: "Sarka@Example.cz",
        name: "Šárka Dvořáková",
        state: "pending",
        source: "gift_ritual",
        consentText: `${newsletterBoxLabel}. ${contentSeed.newsletter.offer}`,
        consentVersion: expect.stringMatching(/^[0-9a-f]{12}$/),
        consentedAt: clock.now(),
        consentAddressBlock: "203.0.113.0/24",
        confirmedAt: null,
      });
      expect((await mails()).map((mail) => [mail.kind, mail.to])).toEqual([
        ["owner_notification", testSettings.NOTIFY_EMAIL],
        ["gift_delivery", "Sarka@Example.cz"],
        ["newsletter_confirmation", "Sarka@Example.cz"],
      ]);
      // The same without scripts: the box posted as „on“.
      const response = await app.request(paths.formPost, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": "2001:db8:abcd:12::7",
          ...fromTheSite,
        },
        body: new URLSearchParams({
          formType: "darek_2",
          name: "Jana",
          email: "jana@example.cz",
          privacyConsent: "on",
          newsletter: "on",
        }).toString(),
      });
      expect(response.status).toBe(303);
      const jana = (await subscribers()).find(
        (subscriber) => subscriber.email === "jana@example.cz",
      );
      expect(jana).toMatchObject({
        state: "pending",
        source: "gift_fragrance",
        consentAddressBlock: "2001:db8:abcd::/48",
      });
    });

    it("answers a sign-up of a pending or subscribed address exactly as a new one, and sends nothing more", async () => {
      const first = await signUpOnBlog("nova@example.cz");
      expect(first.status).toBe(303);
      expect(first.headers.get("Location")).toBe(`${paths.blog}#novinky-odeslano`);
      const pendingRow = (await subscribers())[0];

      const again = await signUpOnBlog("NOVA@example.cz");
      expect(again.status).toBe(first.status);
      expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
      expect(await again.text()).toBe(await first.clone().text());
      expect(await subscribers()).toEqual([pendingRow]);
      expect(await confirmations()).toHaveLength(1);

      // Confirmed, then signed up again: the same answer, nothing changed, nothing sent.
      expect((await confirmPage(await lastConfirmToken(), "POST")).status).toBe(303);
      const subscribedRow = (await subscribers())[0];
      clock.advance(2 * hour);
      const later = await signUpOnBlog("nova@example.cz");
      expect([later.status, later.headers.get("Location")]).toEqual([
        303,
        `${paths.blog}#novinky-odeslano`,
      ]);
      expect(await subscribers()).toEqual([subscribedRow]);
      expect(await confirmations()).toHaveLength(1);
    });

    it("sends a pending address its confirmation again only after a while", async () => {
      await signUpOnBlog("ceka@example.cz");
      clock.advance(confirmationResendMs - 1000);
      await signUpOnBlog("ceka@example.cz");
      expect(await confirmations()).toHaveLength(1);
      clock.advance(2000);
      await signUpOnBlog("ceka@example.cz");
      expect(await confirmations()).toHaveLength(2);
    });

    it("confirms only on the page's button, once, and refuses forged and expired links", async () => {
      await postForm(app, { ...gift, newsletter: true });
      const token = await lastConfirmToken();
      // Opening the link (as a mail scanner does) asks and changes nothing.
      const asked = await confirmPage(token);
      expect(asked.status).toBe(200);
      expect(asked.headers.get("X-Robots-Tag")).toContain("noindex");
      expect(await asked.text()).toContain("Potvrdit odběr");
      expect((await subscribers())[0]?.state).toBe("pending");

      const forged = await confirmPage(`${token.slice(0, -2)}xx`, "POST");
      expect(forged.status).toBe(404);
      expect(await forged.text()).toContain("Odkaz neplatí");
      expect((await subscribers())[0]?.state).toBe("pending");

      const confirmed = await confirmPage(token, "POST");
      expect(confirmed.status).toBe(303);
      expect((await subscribers())[0]).toMatchObject({
        state: "subscribed",
        confirmedAt: clock.now(),
      });
      expect(await (await confirmPage(token)).text()).toContain("Odběr je potvrzený");

      // Unsubscribed, the old confirmation link subscribes nobody again.
      const [row] = await subscribers();
      await app.request(
        `${paths.newsletterUnsubscribe}/${unsubscribeToken(testSecret, String(row?.id))}`,
      );
      const reused = await confirmPage(token, "POST");
      expect(reused.status).toBe(410);
      expect((await subscribers())[0]?.state).toBe("unsubscribed");
    });

    it("refuses a confirmation link after 7 days", async () => {
      await signUpOnBlog("pozde@example.cz");
      const token = await lastConfirmToken();
      clock.advance(7 * 24 * hour + 1000);
      const page = await confirmPage(token);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain("Odkaz už vypršel");
      expect((await confirmPage(token, "POST")).status).toBe(410);
      expect((await subscribers())[0]?.state).toBe("pending");
    });

    it("unsubscribes with the one-click POST a mail client makes, with no cookie and no sign-in", async () => {
      const token = await subscribedToken();
      const response = await app.request(`${paths.newsletterUnsubscribe}/${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(200);
      expect((await subscribers())[0]).toMatchObject({
        state: "unsubscribed",
        unsubscribedAt: clock.now(),
      });
      // Again: still 200, nothing else changes.
      const again = await app.request(`${paths.newsletterUnsubscribe}/${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(again.status).toBe(200);
    });

    it("unsubscribes on opening the visible link, and subscribes again with the page's button", async () => {
      const token = await subscribedToken();
      const page = await app.request(`${paths.newsletterUnsubscribe}/${token}`);
      expect(page.status).toBe(200);
      const body = await page.text();
      expect(body).toContain("Odhlášení proběhlo");
      expect(body).toContain(`action="${paths.newsletterUnsubscribe}/${token}/znovu"`);
      expect((await subscribers())[0]?.state).toBe("unsubscribed");

      const again = await app.request(`${paths.newsletterUnsubscribe}/${token}/znovu`, {
        method: "POST",
        headers: { "X-Forwarded-For": "192.0.2.44", ...fromTheSite },
      });
      expect(again.status).toBe(200);
      expect((await subscribers())[0]).toMatchObject({
        state: "subscribed",
        unsubscribedAt: null,
        consentAddressBlock: "192.0.2.0/24",
      });
    });

    it("refuses a forged unsubscribe link with a Czech page and changes nothing", async () => {
      const token = await subscribedToken();
      const [id] = token.split(".");
      for (const forged of [
        `${id}.${"A".repeat(32)}`,
        unsubscribeToken("another-secret", String(id)),
        "nic",
      ]) {
        for (const method of ["GET", "POST"]) {
          const response = await app.request(`${paths.newsletterUnsubscribe}/${forged}`, {
            method,
            ...(method === "POST" && {
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: "List-Unsubscribe=One-Click",
            }),
          });
          expect(response.status).toBe(404);
          expect(await response.text()).toContain("Odkaz neplatí");
        }
      }
      expect((await subscribers())[0]?.state).toBe("subscribed");
    });

    it("says her test letter's unsubscribe link was a test, and unsubscribes nobody", async () => {
      await subscribedToken();
      for (const method of ["GET", "POST"]) {
        const response = await app.request(`${paths.newsletterUnsubscribe}/${testLetterToken}`, {
          method,
          ...(method === "POST" && {
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
        });
        expect(response.status).toBe(200);
        const page = await response.text();
        expect(page).toContain("Zkušební dopis");
        expect(page).not.toContain("Odkaz neplatí");
      }
      expect((await subscribers())[0]?.state).toBe("subscribed");
    });

    it("refuses a bad address on the blog's form with the form again, storing nothing", async () => {
      const response = await signUpOnBlog("není adresa");
      expect(response.status).toBe(422);
      const body = await response.text();
      expect(body).toContain("Neplatný e-mail");
      expect(body).toContain('value="není adresa"');
      expect(await subscribers()).toEqual([]);
      const crossSite = await app.request(paths.newsletterSignUp, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "cross-site",
        },
        body: "email=cizi%40example.cz",
      });
      expect(crossSite.status).toBe(403);
      expect(await subscribers()).toEqual([]);
    });

    it("exports the consent's proof with the address, erases it with its e-mails, and forgets unconfirmed sign-ups after 30 days", async () => {
      await postForm(app, { ...gift, newsletter: true });
      await signUpOnBlog("zapomenuta@example.cz");
      const exported = await exportAddress(database.db, "sarka@example.cz", clock.now());
      expect(exported.newsletter_subscriptions).toEqual([
        expect.objectContaining({
          state: "pending",
          consent: {
            text: `${newsletterBoxLabel}. ${contentSeed.newsletter.offer}`,
            version: expect.any(String),
            given_at: clock.now().toISOString(),
            address_block: "203.0.113.0/24",
          },
        }),
      ]);
      expect(JSON.stringify(exported)).not.toContain("confirm_token");

      await eraseAddress(
        database.db,
        "sarka@example.cz",
        { userId: "00000000-0000-4000-8000-000000000001", email: "admin@example.cz" },
        clock.now(),
      );
      expect((await subscribers()).map((row) => row.email)).toEqual(["zapomenuta@example.cz"]);
      expect((await mails()).filter((mail) => mail.to === "Sarka@Example.cz")).toEqual([]);

      clock.advance(29 * 24 * hour);
      await forgetExpired(database.db, clock.now());
      expect(await subscribers()).toHaveLength(1);
      clock.advance(2 * 24 * hour);
      await forgetExpired(database.db, clock.now());
      expect(await subscribers()).toEqual([]);
      expect(await confirmations()).toEqual([]);
    });

    it("sends a letter's List-Unsubscribe header fields through the outbox to the mail server", async () => {
      const smtp = await startTestSmtpServer();
      const transport = createMailTransport({
        smtpUrl: smtp.url,
        mailDir: "unused",
        from: testSettings.MAIL_FROM,
        messageIdDomain: "harmonie.example",
      });
      try {
        const token = unsubscribeToken(testSecret, "4a1d3a3e-5f0c-4d7e-9d7a-0d6f8c1b2a3e");
        const headers = newsletterLetterHeaders({
          siteUrl: site,
          mailto: testSettings.NOTIFY_EMAIL,
          token,
        });
        // A letter kind comes with the letters; a confirmation carries the fields here.
        const mail = composeNewsletterConfirmation(
          { email: "ctenarka@example.cz", name: null, source: "blog" },
          `${site}${paths.newsletterConfirm}/x`,
          { notifyEmail: testSettings.NOTIFY_EMAIL, siteUrl: site },
        );
        await writeToOutbox(database.db, [{ ...mail, headers }], { dueAt: clock.now() });
        await sendPendingMail(database.db, transport, clock);
        await smtp.waitForMails(1);
        const caught = smtp.mails.find((mail) => mail.envelopeTo.includes("ctenarka@example.cz"));
        // As the mail server received them (unfolded): mailparser merges List-* into one object.
        const fields = new Map(
          caught?.headerLines.map(({ key, line }) => [key, line.replace(/\r?\n\s+/g, " ")]),
        );
        expect(fields.get("list-unsubscribe-post")).toBe(
          "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
        );
        expect(fields.get("list-unsubscribe")).toBe(
          `List-Unsubscribe: <mailto:${testSettings.NOTIFY_EMAIL}?subject=Odhl%C3%A1sit%20odb%C4%9Br%20novinek>, <${site}${paths.newsletterUnsubscribe}/${token}>`,
        );
        const [sent] = await database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, "ctenarka@example.cz"));
        expect(sent?.status).toBe("sent");
      } finally {
        transport.close();
        await smtp.close();
      }
    });
  },
);
