/**
 * Her photo library: an upload made into its variants and stored with its alt text and focal
 * point, the list, a change of alt text or focal point (which re-renders the pages showing the
 * photo), a deletion refused while a slot or an article shows the photo, and a variant's bytes
 * for the public. An upload and a deletion each write their audit entry (the alt text as its
 * subject) in their own transaction.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { photos, photoVariants } from "#database/schema";
import {
  type PhotoChange,
  type PhotoFormat,
  type PhotoJson,
  photoMessages,
} from "#shared/content/photo-library";
import { photoSlotKeys, photoSlots, slotsHolding } from "#shared/content/photo-slots";
import { ApiError } from "../api-error";
import { articlePhotoUsage } from "../articles/article-photo-usage";
import { type AuditActor, recordAuditEvent } from "../audit-log";
import type { Clock } from "../clock";
import { createContentReader } from "../content/content-store";
import { letterPhotoUsage } from "../newsletter/letter-photo-usage";
import type { PhotoStore } from "./photo-store";
import { makePhotoVariants } from "./photo-variants";

type PhotoRow = typeof photos.$inferSelect;

function toJson(row: PhotoRow, widths: number[]): PhotoJson {
  return {
    id: row.id,
    originalName: row.originalName,
    alt: row.alt,
    focusX: row.focusX,
    focusY: row.focusY,
    width: row.width,
    height: row.height,
    widths: [...new Set(widths)].sort((a, b) => a - b),
    createdAt: row.createdAt.toISOString(),
  };
}

const notFound = () => new ApiError(404, "not_found", photoMessages.notFound);

/** The photos of `ids` as the pages show them; an id without a photo is left out. */
export async function findPhotos(db: Database, ids: readonly string[]): Promise<PhotoJson[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(photos)
    .where(inArray(photos.id, [...ids]));
  const variants = await db
    .select({ photoId: photoVariants.photoId, width: photoVariants.width })
    .from(photoVariants)
    .where(inArray(photoVariants.photoId, [...ids]));
  return rows.map((row) =>
    toJson(
      row,
      variants.filter((variant) => variant.photoId === row.id).map((variant) => variant.width),
    ),
  );
}

/**
 * Where a photo is used: what she reads of each place (for a refused deletion), and the public
 * paths that show it now (re-rendered when its alt text or focal point changes).
 */
export type PhotoUse = { labels: string[]; publishedPaths: string[] };
export type PhotoUsage = (db: Database, id: string) => Promise<PhotoUse>;

/** The four places of the pages („Fotky“): published, or in her draft. */
export const slotUsage: PhotoUsage = async (db, id) => {
  const published = await createContentReader(db).read("photos");
  const draft = await createContentReader(db, { drafts: true }).read("photos");
  return {
    labels: [...new Set([...slotsHolding(published, id), ...slotsHolding(draft, id)])],
    publishedPaths: photoSlotKeys
      .filter((key) => published[key] === id)
      .map((key) => photoSlots[key].path),
  };
};

/**
 * Every kind of place a photo can be used. Another feature that shows her photos (an article's
 * picture) adds its own `PhotoUsage` here: deletion and re-rendering then know of it.
 */
export const photoUsages: PhotoUsage[] = [
  slotUsage,
  articlePhotoUsage,
  // Her letters not yet gone, or going out.
  letterPhotoUsage,
];

export type Photos = ReturnType<typeof createPhotos>;

export function createPhotos({
  db,
  clock,
  store,
  publishPages,
  usages = photoUsages,
}: {
  db: Database;
  clock: Clock;
  store: PhotoStore;
  /** Renders public paths again: a changed alt text or focal point is on the pages at once. */
  publishPages: (paths: readonly string[]) => Promise<void>;
  usages?: readonly PhotoUsage[];
}) {
  async function usesOf(id: string): Promise<PhotoUse> {
    const uses = await Promise.all(usages.map((usage) => usage(db, id)));
    return {
      labels: uses.flatMap((use) => use.labels),
      publishedPaths: [...new Set(uses.flatMap((use) => use.publishedPaths))],
    };
  }

  return {
    async list(): Promise<PhotoJson[]> {
      const rows = await db.select().from(photos).orderBy(desc(photos.createdAt), asc(photos.id));
      const variants = await db
        .select({ photoId: photoVariants.photoId, width: photoVariants.width })
        .from(photoVariants);
      return rows.map((row) =>
        toJson(
          row,
          variants.filter((variant) => variant.photoId === row.id).map((variant) => variant.width),
        ),
      );
    },

    /** Makes the photo's variants and stores them with it; nothing is stored when it is refused. */
    async create(
      input: Buffer,
      details: PhotoChange & { originalName: string | null; createdBy: string },
      actor: AuditActor,
    ): Promise<PhotoJson> {
      const made = await makePhotoVariants(input);
      const id = crypto.randomUUID();
      if (store.kind === "files") {
        for (const variant of made.variants) {
          await store.write(
            { photoId: id, width: variant.width, format: variant.format },
            variant.data,
          );
        }
      }
      try {
        const row = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(photos)
            .values({
              id,
              originalName: details.originalName,
              alt: details.alt,
              focusX: details.focusX,
              focusY: details.focusY,
              width: made.width,
              height: made.height,
              createdAt: clock.now(),
              createdBy: details.createdBy,
            })
            .returning();
          await tx.insert(photoVariants).values(
            made.variants.map((variant) => ({
              photoId: id,
              width: variant.width,
              format: variant.format,
              size: variant.data.length,
              data: store.kind === "database" ? variant.data : null,
            })),
          );
          await recordAuditEvent(
            tx as unknown as Database,
            { action: "photo_uploaded", actor, subject: details.alt },
            clock.now(),
          );
          return row as PhotoRow;
        });
        return toJson(
          row,
          made.variants.map((variant) => variant.width),
        );
      } catch (error) {
        if (store.kind === "files") await store.remove(id);
        throw error;
      }
    },

    async update(id: string, change: PhotoChange): Promise<PhotoJson> {
      const [row] = await db.update(photos).set(change).where(eq(photos.id, id)).returning();
      if (!row) throw notFound();
      const { publishedPaths } = await usesOf(id);
      if (publishedPaths.length > 0) await publishPages(publishedPaths);
      const [photo] = await findPhotos(db, [id]);
      return photo as PhotoJson;
    },

    /** Deletes a photo no slot holds (published or in her draft); refuses one that is held, naming where. */
    async remove(id: string, actor: AuditActor): Promise<void> {
      const { labels } = await usesOf(id);
      if (labels.length > 0) {
        throw new ApiError(409, "photo_in_use", photoMessages.inUse(labels));
      }
      const deleted = await db.transaction(async (tx) => {
        const gone = await tx
          .delete(photos)
          .where(eq(photos.id, id))
          .returning({ id: photos.id, alt: photos.alt });
        if (gone[0]) {
          await recordAuditEvent(
            tx as unknown as Database,
            { action: "photo_deleted", actor, subject: gone[0].alt },
            clock.now(),
          );
        }
        return gone;
      });
      if (deleted.length === 0) throw notFound();
      if (store.kind === "files") await store.remove(id);
    },

    /** A variant's bytes, or null when there is no such photo or variant. */
    async readVariant(photoId: string, width: number, format: PhotoFormat): Promise<Buffer | null> {
      if (store.kind === "files") return store.read({ photoId, width, format });
      const [row] = await db
        .select({ data: photoVariants.data })
        .from(photoVariants)
        .where(
          and(
            eq(photoVariants.photoId, photoId),
            eq(photoVariants.width, width),
            eq(photoVariants.format, format),
          ),
        );
      return row?.data ?? null;
    },
  };
}
