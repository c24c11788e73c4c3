import { randomUUID } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  articleSlugs,
  articles,
  auditLog,
  events,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSubscribers,
} from "#database/schema";
import {
  type LetterJson,
  type LetterListJson,
  type LetterPreviewJson,
  letterMessages,
} from "#shared/newsletter-letters";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testTimeoutMs } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";

const admin = "spravkyne-dopisy@example.cz";

describe("her letters through the admin API", { timeout: testTimeoutMs }, () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let token: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer({
      settings: { ADMIN_REQUIRE_2FA: "false", SMTP_URL: smtp.url },
    });
    token = await createSignedInAccount(server, admin, "admin");
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await server.db.execute(
      sql`truncate table newsletter_letters, newsletter_subscribers, newsletter_sending cascade`,
    );
    smtp.mails.length = 0;
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.origin}/api/admin/newsletter${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async <T>(response: Response) => (await response.json()) as T;
  const draft = async (body: Record<string, unknown> = {}) => {
    const response = await call("POST", "/letters", {
      subject: "Jarní novinky",
      body: "<p>Milí přátelé, jaro je tady.</p>",
      ...body,
    });
    expect(response.status).toBe(201);
    return json<LetterJson>(response);
  };
  const letterRows = async () => (await server.db.select().from(newsletterLetters)).length;
  const subscribe = (email: string, state: "subscribed" | "unsubscribed" = "subscribed") =>
    server.db
      .insert(newsletterSubscribers)
      .values({
        email,
        state,
        source: "blog",
        consentText: "Přihlásit se k odběru novinek e-mailem.",
        consentVersion: "abc",
        consentedAt: new Date(),
        consentAddressBlock: "203.0.113.0/24",
        confirmedAt: new Date(),
      })
      .returning();
  const lastAudit = async () =>
    (await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it("stores a draft with its body sanitized: no script, no event handler, no javascript: link", async () => {
    const letter = await draft({
      body: '<p onclick="steal()">Ahoj <a href="javascript:alert(1)">klikni</a> a <a href="/blog">čti</a></p><script>alert(1)</script><img src="https://tracker.example/x.gif" onerror="steal()"><iframe src="https://evil.example"></iframe>',
    });
    expect(letter).toMatchObject({ state: "draft", subject: "Jarní novinky", version: 1 });
    expect(letter.body).toBe('<p>Ahoj <a>klikni</a> a <a href="/blog">čti</a></p>');
    expect(letter.figures).toEqual({
      recipients: 0,
      queued: 0,
      sent: 0,
      failed: 0,
      skipped: 0,
      unsubscribedAfter: 0,
    });
    const list = await json<LetterListJson>(await call("GET", "/letters"));
    expect(list).toMatchObject({ lettersPerHour: 200, confirmedSubscribers: 0 });
    expect(list.letters.map((row) => row.id)).toEqual([letter.id]);
  });

  it("previews the letter as the e-mail's own render, with absolute links and the unsubscribe line", async () => {
    const letter = await draft({ body: '<p>Přečtěte si <a href="/blog">můj blog</a>.</p>' });
    const response = await call("GET", `/letters/${letter.id}/preview`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const preview = await json<LetterPreviewJson>(response);
    expect(preview.subject).toBe("Jarní novinky");
    expect(preview.html).toMatch(/^<!DOCTYPE html/);
    expect(preview.html).toContain(`href="${server.origin}/blog"`);
    expect(preview.html).toContain("odhlásit jedním kliknutím");
    expect(preview.text).toContain("Přečtěte si");
  });

  it("announces a live article or a published event with its title, date and a link, and refuses an unknown one", async () => {
    const [article] = await server.db
      .insert(articles)
      .values({
        title: "Ranní rituál",
        perex: "Krátce",
        body: "<p>Text</p>",
        topic: "Rituály",
        author: "Jana",
        state: "published",
        publishAt: new Date("2026-03-29T08:00:00Z"),
      })
      .returning();
    await server.db
      .insert(articleSlugs)
      .values({ slug: "ranni-ritual", articleId: article?.id ?? "", current: true });
    const withArticle = await draft({ announcement: { kind: "article", id: article?.id } });
    expect(withArticle.announcement).toEqual({
      kind: "article",
      id: article?.id,
      title: "Ranní rituál",
      dateText: "29. 3. 2026",
      url: `${server.origin}/blog/ranni-ritual`,
      photoUrl: null,
    });
    const preview = await json<LetterPreviewJson>(
      await call("GET", `/letters/${withArticle.id}/preview`),
    );
    expect(preview.html).toContain(`href="${server.origin}/blog/ranni-ritual"`);
    expect(preview.html).toContain("Přečíst článek");

    const [event] = await server.db
      .insert(events)
      .values({
        slug: "kruh-zeny",
        title: "Ženský kruh",
        description: "<p>Setkání</p>",
        startsAt: new Date("2026-12-03T17:00:00Z"),
        endsAt: new Date("2026-12-03T19:00:00Z"),
        placeKind: "online",
        capacity: 10,
        signupDeadline: new Date("2026-12-03T12:00:00Z"),
        state: "published",
      })
      .returning();
    const withEvent = await draft({ announcement: { kind: "event", id: event?.id } });
    expect(withEvent.announcement).toMatchObject({
      kind: "event",
      title: "Ženský kruh",
      url: `${server.origin}/akce/kruh-zeny`,
    });
    // Prague time, held together by non-breaking spaces (`formatPragueLong`).
    expect(withEvent.announcement?.dateText?.replace(/\s/g, " ")).toBe("3. prosince 2026 v 18:00");

    const before = await letterRows();
    const unknownArticle = await call("POST", "/letters", {
      subject: "S",
      body: "<p>T</p>",
      announcement: { kind: "article", id: randomUUID() },
    });
    expect(unknownArticle.status).toBe(422);
    expect(await unknownArticle.json()).toMatchObject({
      error: { code: "letter_article_not_found", message: letterMessages.articleNotFound },
    });
    const unknownEvent = await call("POST", "/letters", {
      subject: "S",
      body: "<p>T</p>",
      announcement: { kind: "event", id: randomUUID() },
    });
    expect(await unknownEvent.json()).toMatchObject({
      error: { code: "letter_event_not_found" },
    });
    expect(await letterRows()).toBe(before);
  });

  it("refuses an empty subject, a body with nothing left once sanitized, and a forged id, changing nothing", async () => {
    const emptySubject = await call("POST", "/letters", { subject: "  ", body: "<p>Text</p>" });
    expect(emptySubject.status).toBe(422);
    expect(await emptySubject.json()).toMatchObject({
      error: { code: "validation_failed", fields: { subject: letterMessages.subject } },
    });
    const onlyScript = await call("POST", "/letters", {
      subject: "Novinky",
      body: "<script>alert(1)</script><p> </p>",
    });
    expect(onlyScript.status).toBe(422);
    expect(await onlyScript.json()).toMatchObject({
      error: { code: "letter_empty_body", message: letterMessages.body },
    });
    expect(await letterRows()).toBe(0);

    for (const [method, path] of [
      ["GET", "/letters/not-a-letter"],
      ["GET", `/letters/${randomUUID()}`],
      ["POST", `/letters/${randomUUID()}/send`],
      ["POST", "/letters/1%20or%201=1/test"],
      ["GET", `/letters/${randomUUID()}/preview`],
    ] as const) {
      const response = await call(method, path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "letter_not_found" } });
    }
    expect(smtp.mails).toHaveLength(0);
  });

  it("sends a test to her own address with „[Zkouška]“, counted nowhere", async () => {
    await subscribe("ctenarka@example.cz");
    const letter = await draft();
    const response = await call("POST", `/letters/${letter.id}/test`);
    expect(await response.json()).toEqual({ sentTo: admin });
    const [mail] = await smtp.waitForMails(1);
    expect(mail?.envelopeTo).toEqual([admin]);
    expect(mail?.subject).toBe("[Zkouška] Jarní novinky");
    const [deliveries] = await server.db.select({ n: count() }).from(newsletterDeliveries);
    expect(deliveries?.n).toBe(0);
    const after = await json<LetterJson>(await call("GET", `/letters/${letter.id}`));
    expect(after).toMatchObject({ state: "draft", figures: { recipients: 0, sent: 0 } });
  });

  it("sends now once, audited with its subject; refuses a second send, a change, and another letter while it sends", async () => {
    const letter = await draft();
    const nobody = await call("POST", `/letters/${letter.id}/send`);
    expect(nobody.status).toBe(409);
    expect(await nobody.json()).toMatchObject({ error: { code: "letter_no_subscribers" } });

    await subscribe("ctenarka@example.cz");
    const sent = await call("POST", `/letters/${letter.id}/send`);
    expect(sent.status).toBe(200);
    expect(await json<LetterJson>(sent)).toMatchObject({ state: "sending" });
    expect(await lastAudit()).toMatchObject({
      action: "newsletter_letter_sent",
      actorEmail: admin,
      subject: "Jarní novinky",
    });

    const again = await call("POST", `/letters/${letter.id}/send`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: "letter_already_sent", message: letterMessages.alreadySent },
    });
    const changed = await call("PUT", `/letters/${letter.id}`, {
      subject: "Jiný",
      body: "<p>Jiný</p>",
    });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ error: { code: "letter_not_draft" } });
    const scheduled = await call("POST", `/letters/${letter.id}/schedule`, {
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await scheduled.json()).toMatchObject({ error: { code: "letter_already_sent" } });

    const other = await draft({ subject: "Druhý" });
    const meanwhile = await call("POST", `/letters/${other.id}/send`);
    expect(meanwhile.status).toBe(409);
    expect(await meanwhile.json()).toMatchObject({
      error: { code: "letter_other_sending", message: letterMessages.otherSending },
    });
    const states = await server.db
      .select({ id: newsletterLetters.id, state: newsletterLetters.state })
      .from(newsletterLetters);
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({
      [letter.id]: "sending",
      [other.id]: "draft",
    });
  });

  it("schedules a letter ahead, refuses a time gone by, and calls a schedule off", async () => {
    const letter = await draft();
    const past = await call("POST", `/letters/${letter.id}/schedule`, {
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(await past.json()).toMatchObject({
      error: {
        code: "letter_scheduled_in_past",
        fields: { scheduledAt: letterMessages.scheduledInPast },
      },
    });
    const unchanged = await json<LetterJson>(await call("GET", `/letters/${letter.id}`));
    expect(unchanged).toMatchObject({ state: "draft", scheduledAt: null });

    const at = new Date(Date.now() + 24 * 3_600_000);
    const scheduled = await call("POST", `/letters/${letter.id}/schedule`, {
      scheduledAt: at.toISOString(),
    });
    expect(await json<LetterJson>(scheduled)).toMatchObject({
      state: "scheduled",
      scheduledAt: at.toISOString(),
    });
    expect(await lastAudit()).toMatchObject({
      action: "newsletter_letter_scheduled",
      subject: "Jarní novinky",
    });
    const cancelled = await call("POST", `/letters/${letter.id}/cancel`);
    expect(await json<LetterJson>(cancelled)).toMatchObject({ state: "cancelled" });
    const twice = await call("POST", `/letters/${letter.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { code: "letter_not_scheduled" } });
    // Called off, it can be changed again (a draft once more), only from the version she had.
    const stale = await call("PUT", `/letters/${letter.id}`, {
      subject: "Opravené",
      body: "<p>Opraveno</p>",
      version: 99,
    });
    expect(await stale.json()).toMatchObject({ error: { code: "letter_stale" } });
    const edited = await call("PUT", `/letters/${letter.id}`, {
      subject: "Opravené",
      body: "<p>Opraveno</p>",
      version: unchanged.version,
    });
    expect(await json<LetterJson>(edited)).toMatchObject({
      state: "draft",
      subject: "Opravené",
      version: unchanged.version + 1,
    });
  });

  it("keeps her sending rate, and refuses one out of range", async () => {
    expect(await json(await call("GET", "/sending-rate"))).toEqual({ lettersPerHour: 200 });
    const set = await call("PUT", "/sending-rate", { lettersPerHour: 50 });
    expect(await json(set)).toEqual({ lettersPerHour: 50 });
    for (const lettersPerHour of [0, 1.5, "sto", 1_000_001]) {
      const refused = await call("PUT", "/sending-rate", { lettersPerHour });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        error: { code: "validation_failed", message: letterMessages.rate },
      });
    }
    expect(await json(await call("GET", "/sending-rate"))).toEqual({ lettersPerHour: 50 });
  });

  it("counts who unsubscribed after receiving a letter", async () => {
    const [leaving] = await subscribe("odchazi@example.cz");
    await subscribe("zustava@example.cz");
    const letter = await draft();
    await call("POST", `/letters/${letter.id}/send`);
    // The background sending is the server's own (server/main.ts); here its rows are written as it would.
    const subscribers = await server.db.select().from(newsletterSubscribers);
    await server.db.insert(newsletterDeliveries).values(
      subscribers.map((row) => ({
        letterId: letter.id,
        subscriberId: row.id,
        state: "sent" as const,
      })),
    );
    await server.db
      .update(newsletterSubscribers)
      .set({ state: "unsubscribed", unsubscribedAt: new Date(Date.now() + 1000) })
      .where(eq(newsletterSubscribers.id, leaving?.id ?? ""));
    const list = await json<LetterListJson>(await call("GET", "/letters"));
    expect(list.letters[0]?.figures).toEqual({
      recipients: 2,
      queued: 0,
      sent: 2,
      failed: 0,
      skipped: 0,
      unsubscribedAfter: 1,
    });
  });
});
