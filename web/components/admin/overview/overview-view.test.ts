import { describe, expect, it } from "vitest";
import type { StatsOverviewJson } from "#shared/stats";
import { readRange, toOverviewView } from "~/components/admin/overview/overview-view";

const zero = {
  giftRequests: 0,
  messages: 0,
  bookings: 0,
  eventSignups: 0,
  newsletterSubscriptions: 0,
};

const stats: StatsOverviewJson = {
  range: "7d",
  unit: "day",
  from: "2026-11-23",
  to: "2026-11-29",
  series: [{ period: "2026-11-29", visitors: 4, views: 9 }],
  previous: [{ period: "2026-11-22", visitors: 2, views: 3 }],
  totals: { visitors: 40, views: 90 },
  previousTotals: { visitors: 20, views: 30 },
  topPages: [
    { path: "/blog/vune", title: "Vůně z bylin", views: 5 },
    { path: "/darek", title: null, views: 3 },
    { path: "/neco-jineho", title: null, views: 1 },
  ],
  topReferrers: [{ domain: "instagram.com", views: 6 }],
  campaigns: [{ source: "instagram", medium: "", campaign: "podzim", views: 2 }],
  conversions: {
    series: [],
    totals: { ...zero, giftRequests: 14 },
    perVisitor: { ...zero, giftRequests: 14 / 40, messages: null },
  },
  attention: { newMessages: 2, failedEmails: 0, bookingsToConfirm: 1 },
  keptSince: "2024-11-01",
};

describe("„Přehled“ from the API's answer", () => {
  it("reads the range from the address, 7 days when it names none it knows", () => {
    expect(readRange(new URL("https://x.cz/admin/prehled?obdobi=12m"))).toBe("12m");
    expect(readRange(new URL("https://x.cz/admin/prehled?obdobi=rok"))).toBe("7d");
  });

  it("names pages as she knows them, rates per day and per 100 visitors, and only what waits", () => {
    const view = toOverviewView(stats);
    expect(view.topPages.map((page) => page.label)).toEqual([
      "Vůně z bylin",
      "Dárek",
      "/neco-jineho",
    ]);
    expect(view.campaigns).toEqual([{ label: "podzim · instagram", views: 2 }]);
    expect(view.visitors).toMatchObject({ total: 40, previousTotal: 20 });
    const gifts = view.conversions.find((row) => row.key === "giftRequests");
    expect(gifts).toMatchObject({
      label: "Žádosti o dárek",
      count: 14,
      perPoint: 2,
      perHundred: 35,
    });
    expect(view.conversions.find((row) => row.key === "messages")?.perHundred).toBeNull();
    expect(view.attention.map((item) => [item.label, item.count, item.to])).toEqual([
      ["Nové zprávy", 2, "/admin?stav=nove"],
      ["Rezervace k potvrzení", 1, "/admin/rezervace"],
    ]);
  });
});
