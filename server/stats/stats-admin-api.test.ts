/**
 * „Přehled“'s API: the figures of a period and the one before it from the day counts, the top
 * pages with an article's title, what visitors asked for, what waits for her; her settings,
 * checked and kept; refusals in Czech with a code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  articleSlugs,
  articles,
  formSubmissions,
  visitCampaigns,
  visitDays,
  visitPages,
  visitReferrers,
} from "#database/schema";
import { addDays } from "#shared/booking-time";
import { pragueDay } from "#shared/prague-time";
import { type StatsOverviewJson, type StatsSettingsJson, statsMessages } from "#shared/stats";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";

describe("„Přehled“ through the admin API", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ settings: { ADMIN_REQUIRE_2FA: "false" } });
    token = await createSignedInAccount(server, "prehled@example.cz", "admin");
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.origin}/api/admin/stats${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    });

  it("answers a week's figures with the week before, top pages with titles, requests and her to-dos", async () => {
    const today = pragueDay(server.now());
    const [article] = await server.db
      .insert(articles)
      .values({
        title: "Les v listopadu",
        perex: "Krátce.",
        body: "<p>Text.</p>",
        topic: "Příroda",
        author: "Jana",
        state: "published",
        publishAt: server.now(),
      })
      .returning();
    await server.db
      .insert(articleSlugs)
      .values({ slug: "les-v-listopadu", articleId: article?.id ?? "", current: true });
    await server.db.insert(visitPages).values([
      { day: today, path: "/", views: 4 },
      { day: today, path: "/blog/les-v-listopadu", views: 7 },
      { day: addDays(today, -6), path: "/", views: 2 },
      // The week before: only in `previous`.
      { day: addDays(today, -7), path: "/", views: 9 },
    ]);
    await server.db.insert(visitDays).values([
      { day: today, visitors: 3 },
      { day: addDays(today, -6), visitors: 1 },
      { day: addDays(today, -7), visitors: 5 },
    ]);
    await server.db.insert(visitReferrers).values({ day: today, domain: "seznam.cz", views: 2 });
    await server.db
      .insert(visitCampaigns)
      .values({ day: today, source: "instagram", medium: "", campaign: "jaro", views: 2 });
    await server.db.insert(formSubmissions).values({
      formType: "contact",
      name: "Petra Malá",
      email: "petra@example.cz",
      message: "Dobrý den, ráda bych se zeptala na kurz.",
      privacyConsent: true,
      createdAt: server.now(),
    });

    const response = await call("?range=7d");
    expect(response.status).toBe(200);
    const overview = (await response.json()) as StatsOverviewJson;

    expect(overview).toMatchObject({
      range: "7d",
      unit: "day",
      from: addDays(today, -6),
      to: today,
    });
    expect(overview.series).toHaveLength(7);
    expect(overview.series.at(-1)).toEqual({ period: today, visitors: 3, views: 11 });
    expect(overview.series[0]).toEqual({ period: addDays(today, -6), visitors: 1, views: 2 });
    expect(overview.totals).toEqual({ visitors: 4, views: 13 });
    expect(overview.previousTotals).toEqual({ visitors: 5, views: 9 });
    expect(overview.previous.at(-1)).toEqual({ period: addDays(today, -7), visitors: 5, views: 9 });
    expect(overview.topPages).toEqual([
      { path: "/blog/les-v-listopadu", title: "Les v listopadu", views: 7 },
      { path: "/", title: null, views: 6 },
    ]);
    expect(overview.topReferrers).toEqual([{ domain: "seznam.cz", views: 2 }]);
    expect(overview.campaigns).toEqual([
      { source: "instagram", medium: "", campaign: "jaro", views: 2 },
    ]);
    expect(overview.conversions.totals).toEqual({
      giftRequests: 0,
      messages: 1,
      bookings: 0,
      eventSignups: 0,
      newsletterSubscriptions: 0,
    });
    expect(overview.conversions.series.at(-1)?.messages).toBe(1);
    expect(overview.conversions.perVisitor.messages).toBe(0.25);
    expect(overview.attention).toEqual({ newMessages: 1, failedEmails: 0, bookingsToConfirm: 0 });

    const year = (await (await call("?range=12m")).json()) as StatsOverviewJson;
    expect(year.unit).toBe("month");
    expect(year.series).toHaveLength(12);
    expect(year.series.at(-1)?.period).toBe(today.slice(0, 7));
    expect(year.totals.views).toBe(
      22 - (addDays(today, -7).slice(0, 7) === today.slice(0, 7) ? 0 : 9),
    );
  });

  it("refuses an unknown period in Czech with a code", async () => {
    const response = await call("?range=rok");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "invalid_range", message: statsMessages.range },
    });
  });

  it("keeps her settings: the counts' months for the site, the weekly e-mail for her account", async () => {
    expect(await (await call("/settings")).json()).toEqual({ keepMonths: 25, weeklySummary: true });
    const saved = await call("/settings", {
      method: "PUT",
      body: JSON.stringify({ keepMonths: 13, weeklySummary: false } satisfies StatsSettingsJson),
    });
    expect(saved.status).toBe(200);
    expect(await (await call("/settings")).json()).toEqual({
      keepMonths: 13,
      weeklySummary: false,
    });

    // Each field alone, the other left as it is (two administrators' changes do not collide).
    const months = await call("/settings", {
      method: "PUT",
      body: JSON.stringify({ keepMonths: 37 }),
    });
    expect(await months.json()).toEqual({ keepMonths: 37, weeklySummary: false });
    const weekly = await call("/settings", {
      method: "PUT",
      body: JSON.stringify({ weeklySummary: true }),
    });
    expect(await weekly.json()).toEqual({ keepMonths: 37, weeklySummary: true });
    await call("/settings", {
      method: "PUT",
      body: JSON.stringify({ keepMonths: 13, weeklySummary: false }),
    });

    const tooMany = await call("/settings", {
      method: "PUT",
      body: JSON.stringify({ keepMonths: 61 }),
    });
    expect(JSON.stringify(await tooMany.json())).toContain(statsMessages.keepMonths);
    for (const body of [
      { keepMonths: 0 },
      { keepMonths: null },
      { keepMonths: "12" },
      { weeklySummary: "ano" },
      { keepMonths: 0, weeklySummary: true },
      { keepMonths: 61, weeklySummary: true },
      { keepMonths: 2.5, weeklySummary: true },
      { keepMonths: 12, weeklySummary: "ano" },
      { keepMonths: 12, weeklySummary: true, extra: 1 },
    ]) {
      const refused = await call("/settings", { method: "PUT", body: JSON.stringify(body) });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        "validation_failed",
      );
    }
    expect(await (await call("/settings")).json()).toEqual({
      keepMonths: 13,
      weeklySummary: false,
    });
  });

  it("answers no one but an administrator", async () => {
    const visitor = await fetch(`${server.origin}/api/admin/stats`);
    expect(visitor.status).toBe(401);
  });
});
