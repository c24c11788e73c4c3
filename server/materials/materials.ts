/**
 * The materials: what the owner offers where, in her order; their files
 * (through a `MaterialStore`); signed, short-lived file URLs; and the gift
 * e-mails that wait for a gift's first material (released when it appears).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, eq, inArray, isNotNull, max, or, sql } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { formSubmissions, type MaterialRow, mailOutbox, materials } from "#database/schema";
import { isUuid } from "#shared/auth-schemas";
import {
  type AdminMaterial,
  acceptedFileTypes,
  type MaterialChange,
  type MaterialPlace,
  type MemberMaterial,
  materialMessages,
  type NewMaterial,
  toEmbedUrl,
  type WaitingGiftMail,
} from "#shared/materials";
import { paths } from "#shared/routes";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import { log } from "../logger";
import type { MaterialStore } from "./material-store";
import { checkedUpload } from "./upload-checks";

export type GiftPlace = Exclude<MaterialPlace, "members">;

/** How long a signed file URL works, rounded up to the hour so that it stays the same (cacheable) for a while. */
const signedUrlLifetimeMs = 6 * 60 * 60_000;
const hourMs = 60 * 60_000;

/** A material is offered when it is shown and has its file, link or page. */
const isOffered = and(
  eq(materials.hidden, false),
  or(isNotNull(materials.linkUrl), isNotNull(materials.size)),
);

/** The built-in scent guide: the scent gift's material until the owner hides it (no row until she acts on it). */
export const builtInGuide = {
  kind: "guide" as const,
  title: "Průvodce osobní vůní",
  description: "Návod krok za krokem se třemi recepty: na webu, k vytištění i jako PDF.",
  linkUrl: paths.scentGuide,
};

/**
 * The first offered material of a gift, in her order: a row, or for the scent
 * gift the built-in guide while it has no row of its own (a row is made the
 * first time the owner's list is loaded, so that she can hide or move it).
 */
async function firstOfferedRow(
  db: Database,
  place: MaterialPlace,
): Promise<MaterialRow | undefined> {
  const [row] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.place, place), isOffered))
    .orderBy(asc(materials.position), asc(materials.createdAt))
    .limit(1);
  if (row || place !== "gift_fragrance") return row;
  const [guide] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(eq(materials.kind, "guide"));
  if (guide) return undefined;
  const now = new Date(0);
  return {
    id: "00000000-0000-0000-0000-000000000000",
    place,
    ...builtInGuide,
    embedUrl: null,
    position: 0,
    hidden: false,
    fileName: null,
    contentType: null,
    size: null,
    fileVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
}

export function createMaterials({
  db,
  clock,
  store,
  signingKey,
  onMailQueued,
}: {
  db: Database;
  clock: Clock;
  store: MaterialStore;
  /** Signs file URLs (derived from the auth secret, so every server agrees). */
  signingKey: string;
  onMailQueued?: () => void;
}) {
  const key = createHmac("sha256", signingKey).update("material-file-urls").digest();

  function sign(id: string, version: number, expires: number) {
    return createHmac("sha256", key).update(`${id}.${version}.${expires}`).digest("base64url");
  }

  /** A same-origin URL of the file that works for six hours, for whoever holds it. */
  function signedFileUrl(row: Pick<MaterialRow, "id" | "fileVersion">): string {
    const expires =
      Math.ceil((clock.now().getTime() + signedUrlLifetimeMs) / hourMs) * (hourMs / 1000);
    const signature = sign(row.id, row.fileVersion, expires);
    return `/api/materials/${row.id}/file?v=${row.fileVersion}&exp=${expires}&sig=${signature}`;
  }

  /** Whether a file URL's signature is ours and still valid. */
  function verifyFileUrl(id: string, version: string, expires: string, signature: string) {
    const expiresAt = Number(expires);
    if (!/^\d{1,12}$/.test(expires) || !/^\d{1,9}$/.test(version)) return false;
    if (expiresAt * 1000 < clock.now().getTime()) return false;
    const expected = Buffer.from(sign(id, Number(version), expiresAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async function find(id: string): Promise<MaterialRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await db.select().from(materials).where(eq(materials.id, id));
    if (!row) throw notFound();
    return row;
  }

  function toAdmin(row: MaterialRow): AdminMaterial {
    const ready = row.linkUrl !== null || row.size !== null;
    return {
      id: row.id,
      place: row.place,
      kind: row.kind ?? "video",
      title: row.title,
      description: row.description,
      position: row.position,
      hidden: row.hidden,
      ready,
      url:
        row.kind === "guide" || row.kind === "link"
          ? row.linkUrl
          : row.size !== null
            ? signedFileUrl(row)
            : null,
      linkUrl: row.linkUrl,
      embedUrl: row.embedUrl,
      fileName: row.fileName,
      contentType: row.contentType,
      size: row.size,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function nextPosition(place: MaterialPlace): Promise<number> {
    const [row] = await db
      .select({ last: max(materials.position) })
      .from(materials)
      .where(eq(materials.place, place));
    return (row?.last ?? -1) + 1;
  }

  /** Gift e-mails that wait for `place`'s first material go out now, once. */
  async function releaseWaitingMail(place: MaterialPlace): Promise<number> {
    if (place === "members") return 0;
    if (!(await firstOfferedRow(db, place))) return 0;
    const released = await db
      .update(mailOutbox)
      .set({ status: "pending", nextAttemptAt: clock.now() })
      .where(
        and(
          eq(mailOutbox.status, "waiting"),
          inArray(
            mailOutbox.submissionId,
            db
              .select({ id: formSubmissions.id })
              .from(formSubmissions)
              .where(eq(formSubmissions.formType, place)),
          ),
        ),
      )
      .returning({ id: mailOutbox.id });
    if (released.length > 0) {
      log.info(
        { gift: place, released: released.length },
        "Gift e-mails released: the gift has a material now",
      );
      onMailQueued?.();
    }
    return released.length;
  }

  return {
    signedFileUrl,
    verifyFileUrl,
    find,
    releaseWaitingMail,

    /** Whether a gift has a material to give (the scent gift has the built-in guide unless hidden). */
    async hasOffered(place: GiftPlace): Promise<boolean> {
      return (await firstOfferedRow(db, place)) !== undefined;
    },

    /** The first offered material of a gift, in her order. */
    firstOffered: (place: GiftPlace) => firstOfferedRow(db, place),

    async waitingCounts(): Promise<WaitingGiftMail> {
      const rows = await db
        .select({ formType: formSubmissions.formType, waiting: count() })
        .from(mailOutbox)
        .innerJoin(formSubmissions, eq(formSubmissions.id, mailOutbox.submissionId))
        .where(eq(mailOutbox.status, "waiting"))
        .groupBy(formSubmissions.formType);
      const counts: WaitingGiftMail = { gift_ritual: 0, gift_fragrance: 0 };
      for (const row of rows) {
        if (row.formType === "gift_ritual" || row.formType === "gift_fragrance") {
          counts[row.formType] = Number(row.waiting);
        }
      }
      return counts;
    },

    async listForAdmin(): Promise<AdminMaterial[]> {
      // The built-in guide gets its row here, last in the scent gift, so that she can hide or move it.
      const [guide] = await db
        .select({ id: materials.id })
        .from(materials)
        .where(eq(materials.kind, "guide"));
      if (!guide) {
        await db.insert(materials).values({
          place: "gift_fragrance",
          ...builtInGuide,
          position: await nextPosition("gift_fragrance"),
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
      }
      const rows = await db
        .select()
        .from(materials)
        .orderBy(asc(materials.place), asc(materials.position), asc(materials.createdAt));
      return rows.map(toAdmin);
    },

    /** The hosts (YouTube, Vimeo) whose players the members' section may frame: those of its offered links. */
    async membersFrameOrigins(): Promise<string[]> {
      const rows = await db
        .select({ embedUrl: materials.embedUrl })
        .from(materials)
        .where(and(eq(materials.place, "members"), eq(materials.kind, "link"), isOffered));
      const origins = rows.flatMap((row) => (row.embedUrl ? [new URL(row.embedUrl).origin] : []));
      return [...new Set(origins)].sort();
    },

    async listForMembers(): Promise<MemberMaterial[]> {
      const rows = await db
        .select()
        .from(materials)
        .where(and(eq(materials.place, "members"), isOffered))
        .orderBy(asc(materials.position), asc(materials.createdAt));
      return rows.flatMap((row): MemberMaterial[] => {
        const base = { id: row.id, title: row.title, description: row.description };
        if (row.kind === "link" && row.linkUrl && row.embedUrl) {
          return [{ ...base, kind: "link", url: row.linkUrl, embedUrl: row.embedUrl }];
        }
        if (row.kind === null || row.kind === "link" || row.kind === "guide") return [];
        return [
          {
            ...base,
            kind: row.kind,
            url: signedFileUrl(row),
            ...(row.contentType && { contentType: row.contentType }),
            ...(row.size !== null && { size: row.size }),
          },
        ];
      });
    },

    async create(material: NewMaterial): Promise<AdminMaterial> {
      const [row] = await db
        .insert(materials)
        .values({
          place: material.place,
          title: material.title,
          description: material.description,
          position: await nextPosition(material.place),
          ...(material.link !== undefined && {
            kind: "link" as const,
            linkUrl: material.link,
            embedUrl: toEmbedUrl(material.link),
          }),
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      await releaseWaitingMail(row.place);
      return toAdmin(row);
    },

    async update(id: string, change: MaterialChange): Promise<AdminMaterial> {
      const current = await find(id);
      if (change.link !== undefined && current.kind !== "link") {
        throw new ApiError(422, "validation_failed", materialMessages.linkInvalid, {
          link: materialMessages.linkInvalid,
        });
      }
      const movesPlace = change.place !== undefined && change.place !== current.place;
      if (current.kind === "guide" && movesPlace) {
        throw new ApiError(409, "built_in_guide", materialMessages.builtInGuide);
      }
      const [row] = await db
        .update(materials)
        .set({
          ...(change.title !== undefined && { title: change.title }),
          ...(change.description !== undefined && { description: change.description }),
          ...(change.hidden !== undefined && { hidden: change.hidden }),
          ...(change.link !== undefined && {
            linkUrl: change.link,
            embedUrl: toEmbedUrl(change.link),
          }),
          ...(movesPlace && {
            place: change.place,
            position: await nextPosition(change.place as MaterialPlace),
          }),
          updatedAt: clock.now(),
        })
        .where(eq(materials.id, id))
        .returning();
      if (!row) throw notFound();
      await releaseWaitingMail(row.place);
      return toAdmin(row);
    },

    async setOrder(place: MaterialPlace, ids: string[]): Promise<void> {
      const rows = await db
        .select({ id: materials.id })
        .from(materials)
        .where(eq(materials.place, place));
      const known = new Set(rows.map((row) => row.id));
      if (
        ids.length !== known.size ||
        new Set(ids).size !== ids.length ||
        !ids.every((id) => known.has(id))
      ) {
        throw new ApiError(422, "order_mismatch", materialMessages.orderMismatch);
      }
      await db.transaction(async (tx) => {
        for (const [position, id] of ids.entries()) {
          await tx.update(materials).set({ position }).where(eq(materials.id, id));
        }
      });
    },

    async remove(id: string): Promise<void> {
      const row = await find(id);
      if (row.kind === "guide") {
        throw new ApiError(409, "built_in_guide", materialMessages.builtInGuide);
      }
      await db.delete(materials).where(eq(materials.id, id));
      // On PostgreSQL the chunks went with the row (cascade); files are removed here.
      await store.remove(id);
    },

    /**
     * Stores an upload as the material's file (the first, or a replacement):
     * written as the next version while the old one keeps playing, then
     * switched to in one update; the old version is removed after.
     */
    async upload(
      id: string,
      {
        mediaType,
        fileName,
        body,
      }: { mediaType: string; fileName: string | null; body: AsyncIterable<Uint8Array> },
    ): Promise<AdminMaterial> {
      const current = await find(id);
      if (current.kind === "link" || current.kind === "guide") {
        throw new ApiError(409, "no_file_here", materialMessages.linkHasNoFile);
      }
      const version = current.fileVersion + 1;
      let size: number;
      try {
        size = await store.write(id, version, checkedUpload(body, mediaType));
      } catch (error) {
        await store.remove(id, { version }).catch(() => {});
        if (error instanceof ApiError) throw error;
        throw new ApiError(400, "upload_interrupted", materialMessages.interrupted);
      }
      const [row] = await db
        .update(materials)
        .set({
          kind: acceptedFileTypes[mediaType],
          contentType: mediaType,
          fileName,
          size,
          fileVersion: version,
          updatedAt: clock.now(),
        })
        .where(and(eq(materials.id, id), eq(materials.fileVersion, current.fileVersion)))
        .returning();
      if (!row) {
        // Deleted or replaced by someone else meanwhile: this upload is not needed.
        await store.remove(id, { version }).catch(() => {});
        throw new ApiError(409, "changed_meanwhile", materialMessages.notFound);
      }
      await store.remove(id, { keep: version });
      await releaseWaitingMail(row.place);
      return toAdmin(row);
    },

    /** How many materials there are (for a test's check that nothing changed). */
    async total(): Promise<number> {
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(materials);
      return row?.total ?? 0;
    },
  };
}

export type Materials = ReturnType<typeof createMaterials>;

function notFound() {
  return new ApiError(404, "not_found", materialMessages.notFound);
}

/**
 * The start-up's word on the gifts: for each gift without a material, that
 * its e-mails wait and how many do (an empty list when both gifts have one).
 */
export async function giftReadiness(db: Database): Promise<string[]> {
  const lines: string[] = [];
  const names: Record<GiftPlace, string> = {
    gift_ritual: "The ritual gift",
    gift_fragrance: "The scent gift",
  };
  for (const place of ["gift_ritual", "gift_fragrance"] as const) {
    if (await firstOfferedRow(db, place)) continue;
    const [row] = await db
      .select({ waiting: count() })
      .from(mailOutbox)
      .innerJoin(formSubmissions, eq(formSubmissions.id, mailOutbox.submissionId))
      .where(and(eq(mailOutbox.status, "waiting"), eq(formSubmissions.formType, place)));
    lines.push(
      `${names[place]} has no material yet: its e-mails wait (${Number(row?.waiting ?? 0)} now) ` +
        "until one is added on /admin/materialy.",
    );
  }
  return lines;
}
