/**
 * The materials' rows on each test database: the built-in scent guide is a row
 * from the start (migration 0015); reading the owner's list writes nothing; a
 * file material whose file has not arrived is offered nowhere, and
 * housekeeping deletes it once it has waited too long for its file.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions, giftLinks, materials } from "#database/schema";
import type { AdminMaterial, GiftJson, MemberMaterialsJson } from "#shared/materials";
import { paths } from "#shared/routes";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { forgetExpired } from "../housekeeping";
import { newGiftToken } from "./gift-links";
import { fileWaitMs } from "./material-housekeeping";

describe.each(testDatabases)("material rows on $name", ({ open }) => {
  let server: TestServer;
  let admin: string;
  let member: string;

  const api = (path: string, token: string | undefined, init: RequestInit = {}) =>
    fetch(`${server.origin}/api${path}`, {
      ...init,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(typeof init.body === "string" && { "Content-Type": "application/json" }),
      },
    });

  async function createMaterial(body: Record<string, unknown>): Promise<AdminMaterial> {
    const response = await api("/admin/materials", admin, {
      method: "POST",
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { material: AdminMaterial }).material;
  }

  async function materialCount(): Promise<number> {
    const [row] = await server.db.select({ n: count() }).from(materials);
    return Number(row?.n ?? 0);
  }

  /** A gift link of `gift`, as its e-mail would carry it: the token of a stored digest. */
  async function giftToken(gift: "gift_ritual" | "gift_fragrance"): Promise<string> {
    const [submission] = await server.db
      .insert(formSubmissions)
      .values({ formType: gift, name: "Šárka", email: "sarka@example.cz", privacyConsent: true })
      .returning();
    const { token, tokenHash } = newGiftToken();
    await server.db
      .insert(giftLinks)
      .values({ tokenHash, gift, submissionId: submission?.id as string });
    return token;
  }

  beforeAll(async () => {
    server = await startTestServer({
      open,
      settings: { ADMIN_REQUIRE_2FA: "false", GIFT_RITUAL_URL: "", GIFT_FRAGRANCE_URL: "" },
    });
    admin = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    member = await createSignedInAccount(server, "clenka@example.cz", "member");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  it("the built-in scent guide is a row of the scent gift on a fresh database", async () => {
    expect(await server.db.select().from(materials)).toEqual([
      expect.objectContaining({
        place: "gift_fragrance",
        kind: "guide",
        title: "Průvodce osobní vůní",
        linkUrl: paths.scentGuide,
        hidden: false,
        position: 0,
      }),
    ]);
  });

  it("the owner's list writes nothing: as many rows after as before", async () => {
    const before = await materialCount();
    const response = await api("/admin/materials", admin);
    expect(response.status).toBe(200);
    expect(await materialCount()).toBe(before);
    // Also with a material of her own in the scent gift before the guide is listed.
    await createMaterial({
      title: "Vůně",
      place: "gift_fragrance",
      link: "https://youtu.be/dQw4w9WgXcQ",
    });
    const after = await materialCount();
    expect((await api("/admin/materials", admin)).status).toBe(200);
    expect(await materialCount()).toBe(after);
  });

  it("a material without its file is offered to no gift link and listed for no member", async () => {
    const ritual = await createMaterial({ title: "Rituál bez souboru", place: "gift_ritual" });
    const members = await createMaterial({ title: "Video bez souboru", place: "members" });
    expect([ritual.ready, members.ready]).toEqual([false, false]);

    const gift = await api(`/gifts/${await giftToken("gift_ritual")}`, undefined);
    expect(gift.status).toBe(200);
    expect(((await gift.json()) as GiftJson).material).toBeNull();

    const listed = await api("/members/materials", member);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as MemberMaterialsJson).materials).toEqual([]);

    // The owner's list shows both, waiting for their files.
    const own = (await (await api("/admin/materials", admin)).json()) as {
      materials: AdminMaterial[];
    };
    expect(
      own.materials.filter((material) => [ritual.id, members.id].includes(material.id)),
    ).toEqual([
      expect.objectContaining({ id: ritual.id, ready: false, url: null }),
      expect.objectContaining({ id: members.id, ready: false, url: null }),
    ]);
  });

  it("housekeeping deletes a material whose file never arrived, once it has waited too long", async () => {
    const now = server.now();
    const waiting = await createMaterial({ title: "Nedokončené nahrávání", place: "members" });
    const old = await createMaterial({ title: "Zapomenuté nahrávání", place: "members" });
    await server.db
      .update(materials)
      .set({ createdAt: new Date(now.getTime() - fileWaitMs - 60_000) })
      .where(eq(materials.id, old.id));
    const link = await createMaterial({
      title: "Staré video",
      place: "members",
      link: "https://youtu.be/dQw4w9WgXcQ",
    });
    await server.db
      .update(materials)
      .set({ createdAt: new Date(now.getTime() - fileWaitMs - 60_000) })
      .where(eq(materials.id, link.id));

    const forgotten = await forgetExpired(server.db, now);
    expect(forgotten.materialsWithoutFile).toBe(1);
    const left = (await server.db.select({ id: materials.id }).from(materials)).map(
      (row) => row.id,
    );
    expect(left).toContain(waiting.id);
    expect(left).toContain(link.id);
    expect(left).not.toContain(old.id);
    expect((await forgetExpired(server.db, now)).materialsWithoutFile).toBe(0);
  });
});
