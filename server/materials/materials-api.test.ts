/**
 * Materials over HTTP on each test database: upload, replace, hide, order and
 * delete; links checked to be YouTube or Vimeo; the files served with range
 * requests; the members' list for members only.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materialChunks, materials } from "#database/schema";
import type { AdminMaterial, AdminMaterialsJson, MemberMaterialsJson } from "#shared/materials";
import { materialMessages } from "#shared/materials";
import { fakeMp4 } from "#testing/sample-media";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

describe.each(testDatabases)("materials on $name", ({ name, open }) => {
  let server: TestServer;
  let admin: string;
  let member: string;
  let plain: string;

  const api = (path: string, token: string | undefined, init: RequestInit = {}) =>
    fetch(`${server.origin}/api${path}`, {
      ...init,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(typeof init.body === "string" && { "Content-Type": "application/json" }),
        ...(init.headers as Record<string, string>),
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

  async function upload(id: string, bytes: Buffer, type = "video/mp4", fileName = "rituál.mp4") {
    return api(`/admin/materials/${id}/file`, admin, {
      method: "PUT",
      headers: { "Content-Type": type, "X-File-Name": encodeURIComponent(fileName) },
      body: new Uint8Array(bytes),
    });
  }

  async function adminList(): Promise<AdminMaterialsJson> {
    const response = await api("/admin/materials", admin);
    expect(response.status).toBe(200);
    return (await response.json()) as AdminMaterialsJson;
  }

  beforeAll(async () => {
    server = await startTestServer({
      open,
      settings: { ADMIN_REQUIRE_2FA: "false", GIFT_RITUAL_URL: "", GIFT_FRAGRANCE_URL: "" },
    });
    admin = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    member = await createSignedInAccount(server, "clenka@example.cz", "member");
    plain = await createSignedInAccount(server, "navstevnice@example.cz");
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  it(
    "uploads a video, serves it whole and in ranges, replaces it and deletes it",
    async () => {
      const created = await createMaterial({
        title: "Ranní rituál",
        description: "Šest minut",
        place: "members",
      });
      expect(created).toMatchObject({ ready: false, url: null, place: "members" });

      const first = fakeMp4(700_000);
      const uploaded = await upload(created.id, first);
      expect(uploaded.status).toBe(200);
      const { material } = (await uploaded.json()) as { material: AdminMaterial };
      expect(material).toMatchObject({
        kind: "video",
        size: first.length,
        contentType: "video/mp4",
        fileName: "rituál.mp4",
        ready: true,
      });
      const url = `${server.origin}${material.url}`;

      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get("Content-Type")).toBe("video/mp4");
      expect(whole.headers.get("Content-Length")).toBe(String(first.length));
      expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
      expect(whole.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
      expect(Buffer.from(await whole.arrayBuffer()).equals(first)).toBe(true);

      const ranges: [string, number, number][] = [
        ["bytes=0-99", 0, 99], // the first bytes
        ["bytes=262000-530000", 262_000, 530_000], // the middle, across two chunk boundaries
        ["bytes=600000-", 600_000, first.length - 1], // open-ended
        ["bytes=-500", first.length - 500, first.length - 1], // the last bytes
      ];
      for (const [header, start, end] of ranges) {
        const part = await fetch(url, { headers: { Range: header } });
        expect(part.status, header).toBe(206);
        expect(part.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${first.length}`);
        expect(part.headers.get("Content-Length")).toBe(String(end - start + 1));
        const body = Buffer.from(await part.arrayBuffer());
        expect(body.equals(first.subarray(start, end + 1)), header).toBe(true);
      }
      for (const header of [`bytes=${first.length}-`, "bytes=500-100", "bytes=-0"]) {
        const refused = await fetch(url, { headers: { Range: header } });
        expect(refused.status, header).toBe(416);
        expect(refused.headers.get("Content-Range")).toBe(`bytes */${first.length}`);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
          "range_not_satisfiable",
        );
      }

      // Replaced: the new file under a new URL; the old URL no longer serves.
      const second = fakeMp4(300_000);
      const replaced = await upload(created.id, second, "video/mp4", "rituál-2.mp4");
      expect(replaced.status).toBe(200);
      const after = ((await replaced.json()) as { material: AdminMaterial }).material;
      expect(after.size).toBe(second.length);
      expect(after.url).not.toBe(material.url);
      expect((await fetch(url)).status).toBe(404);
      const served = await fetch(`${server.origin}${after.url}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(second)).toBe(true);
      if (name === "PostgreSQL") {
        const versions = await server.db
          .selectDistinct({ version: materialChunks.version })
          .from(materialChunks)
          .where(eq(materialChunks.materialId, created.id));
        // Only the replacement's chunks are left.
        expect(versions).toEqual([{ version: 2 }]);
      }

      const deleted = await api(`/admin/materials/${created.id}`, admin, { method: "DELETE" });
      expect(deleted.status).toBe(204);
      expect((await fetch(`${server.origin}${after.url}`)).status).toBe(404);
      expect(await server.db.select().from(materials).where(eq(materials.id, created.id))).toEqual(
        [],
      );
      const chunks = await server.db
        .select({ seq: materialChunks.seq })
        .from(materialChunks)
        .where(eq(materialChunks.materialId, created.id));
      expect(chunks).toEqual([]);
    },
    testTimeoutMs,
  );

  it(
    "refuses a type it does not take and content that is not what it claims, keeping the old file",
    async () => {
      const created = await createMaterial({ title: "Zvuk", place: "members" });
      const good = fakeMp4(50_000);
      expect((await upload(created.id, good)).status).toBe(200);

      const text = await upload(created.id, Buffer.from("dobrý den"), "text/plain");
      expect(text.status).toBe(415);
      expect(await text.json()).toEqual({
        error: { code: "unsupported_file_type", message: materialMessages.typeRefused },
      });
      const pretending = await upload(created.id, Buffer.from("%PDF-1.7 ale ve skutečnosti ne"));
      expect(pretending.status).toBe(415);
      expect(((await pretending.json()) as { error: { code: string } }).error.code).toBe(
        "content_mismatch",
      );
      const empty = await upload(created.id, Buffer.alloc(0));
      expect(empty.status).toBe(422);

      const listed = (await adminList()).materials.find((item) => item.id === created.id);
      expect(listed?.size).toBe(good.length);
      const served = await fetch(`${server.origin}${listed?.url}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(good)).toBe(true);
      await api(`/admin/materials/${created.id}`, admin, { method: "DELETE" });
    },
    testTimeoutMs,
  );

  it(
    "takes YouTube and Vimeo links only, and lists members' materials in her order to members only",
    async () => {
      const refused = await api("/admin/materials", admin, {
        method: "POST",
        body: JSON.stringify({
          title: "Cizí",
          place: "members",
          link: "https://evil.example/watch?v=abc",
        }),
      });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { error: { fields: object } }).error.fields).toEqual({
        link: materialMessages.linkInvalid,
      });

      const youTube = await createMaterial({
        title: "Meditace",
        place: "members",
        link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      });
      expect(youTube.embedUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
      const vimeo = await createMaterial({
        title: "Procházka",
        place: "members",
        link: "https://vimeo.com/76979871",
      });
      expect(vimeo.embedUrl).toBe("https://player.vimeo.com/video/76979871");
      const hiddenOne = await createMaterial({
        title: "Skrytý",
        place: "members",
        link: "https://youtu.be/dQw4w9WgXcQ",
      });
      const hide = await api(`/admin/materials/${hiddenOne.id}`, admin, {
        method: "PATCH",
        body: JSON.stringify({ hidden: true }),
      });
      expect(hide.status).toBe(200);

      const order = await api("/admin/material-order", admin, {
        method: "PUT",
        body: JSON.stringify({ place: "members", ids: [vimeo.id, hiddenOne.id, youTube.id] }),
      });
      expect(order.status).toBe(204);
      const wrongOrder = await api("/admin/material-order", admin, {
        method: "PUT",
        body: JSON.stringify({ place: "members", ids: [vimeo.id] }),
      });
      expect(wrongOrder.status).toBe(422);

      const asMember = await api("/members/materials", member);
      expect(asMember.status).toBe(200);
      const { materials: listed } = (await asMember.json()) as MemberMaterialsJson;
      expect(listed.map((item) => item.title)).toEqual(["Procházka", "Meditace"]);
      expect(listed[0]).toEqual({
        id: vimeo.id,
        title: "Procházka",
        description: "",
        kind: "link",
        url: "https://vimeo.com/76979871",
        embedUrl: "https://player.vimeo.com/video/76979871",
      });
      expect((await api("/members/materials", admin)).status).toBe(200);
      const asPlain = await api("/members/materials", plain);
      expect(asPlain.status).toBe(403);
      expect(((await asPlain.json()) as { error: { code: string } }).error.code).toBe(
        "not_a_member",
      );
      const anonymous = await api("/members/materials", undefined);
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe(
        "not_signed_in",
      );
    },
    testTimeoutMs,
  );

  it(
    "serves a file only through its signed URL: none, forged or expired is refused",
    async () => {
      const created = await createMaterial({ title: "Průvodce", place: "members" });
      const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2000)]);
      const uploaded = await upload(created.id, pdf, "application/pdf", "pruvodce.pdf");
      expect(uploaded.status).toBe(200);
      const { materials: listed } = (await (
        await api("/members/materials", member)
      ).json()) as MemberMaterialsJson;
      const item = listed.find((entry) => entry.id === created.id);
      expect(item).toMatchObject({ kind: "pdf", contentType: "application/pdf", size: pdf.length });
      const signed = new URL(item?.url ?? "", server.origin);
      expect((await fetch(signed)).status).toBe(200);

      const bare = new URL(signed.pathname, server.origin);
      for (const token of [undefined, member, admin]) {
        const response = await fetch(bare, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        expect(response.status).toBe(401);
      }
      const forged = new URL(signed);
      forged.searchParams.set("exp", String(Number(signed.searchParams.get("exp")) + 3600));
      expect((await fetch(forged)).status).toBe(403);
      server.advance(7 * 60 * 60_000);
      expect((await fetch(signed)).status).toBe(403);
      server.advance(-7 * 60 * 60_000);
    },
    testTimeoutMs,
  );

  it("answers 404 for an id that only looks like one, before any query uses it", async () => {
    // 36 characters of the right alphabet, but not a UUID: PostgreSQL would refuse the cast (500).
    for (const id of [
      "000000000000000000000000000000000000",
      "------------------------------------",
      "0000-0000-0000-0000-0000-0000-000000",
    ]) {
      const answers = [
        await api(`/admin/materials/${id}`, admin, {
          method: "PATCH",
          body: JSON.stringify({ hidden: true }),
        }),
        await api(`/admin/materials/${id}`, admin, { method: "DELETE" }),
        await upload(id, Buffer.from("video")),
      ];
      for (const answer of answers) {
        expect(answer.status, id).toBe(404);
        expect(await answer.json(), id).toMatchObject({ error: { code: "not_found" } });
      }
    }
  });

  it("the built-in scent guide can be hidden but not deleted", async () => {
    const guide = (await adminList()).materials.find((item) => item.kind === "guide");
    expect(guide).toMatchObject({ place: "gift_fragrance", url: "/darek/pruvodce-vuni" });
    const refused = await api(`/admin/materials/${guide?.id}`, admin, { method: "DELETE" });
    expect(refused.status).toBe(409);
    const hidden = await api(`/admin/materials/${guide?.id}`, admin, {
      method: "PATCH",
      body: JSON.stringify({ hidden: true }),
    });
    expect(hidden.status).toBe(200);
    await api(`/admin/materials/${guide?.id}`, admin, {
      method: "PATCH",
      body: JSON.stringify({ hidden: false }),
    });
  });
});
