/**
 * The materials: what the owner offers where, in her order, and their files
 * (through a `MaterialStore`). Composed of the signed file URLs (`file-urls.ts`),
 * what is offered (`offered.ts`) and the gift e-mails that wait for a gift's
 * first material (`waiting-gift-mail.ts`, released when it appears).
 *
 * A file material is a row first (`create`), then its file (`upload`); until
 * the file has arrived it is offered nowhere, the owner's list says it waits
 * for its file, and housekeeping deletes it if the file never comes
 * (`material-housekeeping.ts`). The built-in scent guide is a row made by
 * migration 0015: it can be hidden or moved, not deleted.
 */
import { and, asc, eq, max } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { type MaterialRow, materials } from "#database/schema";
import { isUuid } from "#shared/auth-schemas";
import type { GiftStatusJson } from "#shared/gift-waiting";
import {
  type AdminMaterial,
  acceptedFileTypes,
  type MaterialChange,
  type MaterialPlace,
  type MemberMaterial,
  materialMessages,
  type NewMaterial,
  toEmbedUrl,
} from "#shared/materials";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import type { MailSettings } from "../mail/outbox";
import { createFileUrls } from "./file-urls";
import type { MaterialStore } from "./material-store";
import { createDurationReader, measuredWhileStreaming } from "./media-duration";
import { firstOfferedRow, type GiftPlace, isOffered } from "./offered";
import { checkedUpload } from "./upload-checks";
import { createWaitingGiftMail } from "./waiting-gift-mail";

export type { GiftPlace } from "./offered";

export function createMaterials({
  db,
  clock,
  store,
  signingKey,
  onMailQueued,
  mailSettings,
}: {
  db: Database;
  clock: Clock;
  store: MaterialStore;
  /** Signs file URLs (derived from the auth secret, so every server agrees). */
  signingKey: string;
  onMailQueued?: () => void;
  /** Where the owner is told that people wait for a gift. */
  mailSettings: Pick<MailSettings, "notifyEmail" | "siteUrl">;
}) {
  const { signedFileUrl, verifyFileUrl } = createFileUrls({ clock, signingKey });
  const { releaseWaitingMail, waitingCounts, noticeOwner } = createWaitingGiftMail({
    db,
    clock,
    onMailQueued,
    settings: mailSettings,
  });

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
      durationSeconds: row.durationSeconds,
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

  return {
    signedFileUrl,
    verifyFileUrl,
    find,
    releaseWaitingMail,
    noticeOwner,

    /** The first offered material of a gift, in her order. */
    firstOffered: (place: GiftPlace) => firstOfferedRow(db, place),

    /** What the gift page may say of each gift: whether it is ready, how long it plays. */
    async giftStatus(): Promise<GiftStatusJson> {
      const status = async (place: GiftPlace) => {
        const row = await firstOfferedRow(db, place);
        return { ready: row !== undefined, durationSeconds: row?.durationSeconds ?? null };
      };
      return {
        gift_ritual: await status("gift_ritual"),
        gift_fragrance: await status("gift_fragrance"),
      };
    },

    waitingCounts,

    async listForAdmin(): Promise<AdminMaterial[]> {
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
      const duration = createDurationReader(mediaType);
      let size: number;
      try {
        size = await store.write(
          id,
          version,
          measuredWhileStreaming(checkedUpload(body, mediaType), duration),
        );
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
          durationSeconds: duration.durationSeconds(),
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
  };
}

export type Materials = ReturnType<typeof createMaterials>;

function notFound() {
  return new ApiError(404, "not_found", materialMessages.notFound);
}
