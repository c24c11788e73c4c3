/**
 * Gift e-mails that wait for their gift's first material: how many wait, the
 * start-up's word on them, the owner told at once (then at most once a day),
 * a reminder to whoever has waited two days, and their release when a
 * material appears.
 */
import { eq, lte } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { giftWaitNotices } from "#database/schema";
import type { MaterialPlace, WaitingGiftMail } from "#shared/materials";
import { log } from "../logger";
import {
  composeGiftWaitingMail,
  countWaitingGiftMail,
  type MailSettings,
  type QueueingDependencies,
  queueGiftReminders,
  releaseWaitingGiftMail,
  writeToOutbox,
} from "../mail/outbox";
import { repeatEvery } from "../repeating-task";
import { firstOfferedRow, type GiftPlace } from "./offered";

const hourMs = 60 * 60_000;
/** The owner hears of waiting people at most this often, per gift. */
export const ownerNoticeIntervalMs = 24 * hourMs;
/** A request that has waited this long gets the visitor's reminder (once). */
export const visitorReminderAfterMs = 2 * 24 * hourMs;
/** A gift e-mail released later than this after its request says that it waited. */
const noticeableWaitMs = hourMs;

export type WaitingGiftMailDependencies = QueueingDependencies & {
  settings: Pick<MailSettings, "notifyEmail" | "siteUrl">;
};

export function createWaitingGiftMail({
  db,
  clock,
  onMailQueued,
  settings,
}: WaitingGiftMailDependencies) {
  /**
   * Tells the owner how many wait for `gift`, unless she was told less than a day ago: one
   * guarded upsert decides (the row's lock makes a second server's wait for the first's, which
   * then finds the notice fresh), in the transaction that queues the e-mail.
   */
  async function noticeOwner(gift: GiftPlace): Promise<boolean> {
    const now = clock.now();
    const told = await db.transaction(async (tx) => {
      const waiting = (await countWaitingGiftMail(tx))[gift];
      if (waiting === 0) return false;
      const moved = await tx
        .insert(giftWaitNotices)
        .values({ gift, notifiedAt: now })
        .onConflictDoUpdate({
          target: giftWaitNotices.gift,
          set: { notifiedAt: now },
          setWhere: lte(
            giftWaitNotices.notifiedAt,
            new Date(now.getTime() - ownerNoticeIntervalMs),
          ),
        })
        .returning({ gift: giftWaitNotices.gift });
      if (moved.length === 0) return false;
      await writeToOutbox(tx, [composeGiftWaitingMail(gift, waiting, settings)], { dueAt: now });
      return true;
    });
    if (told) onMailQueued?.();
    return told;
  }

  return {
    /** Gift e-mails that wait for `place`'s first material go out now, once. */
    async releaseWaitingMail(place: MaterialPlace): Promise<number> {
      if (place === "members") return 0;
      const material = await firstOfferedRow(db, place);
      if (!material) return 0;
      const now = clock.now();
      const released = await releaseWaitingGiftMail(db, place, now, {
        durationSeconds: material.durationSeconds,
        waitedBefore: new Date(now.getTime() - noticeableWaitMs),
      });
      // Should the gift lose its material again, the next person to wait is told of at once.
      await db.delete(giftWaitNotices).where(eq(giftWaitNotices.gift, place));
      if (released > 0) {
        log.info({ gift: place, released }, "Gift e-mails released: the gift has a material now");
        onMailQueued?.();
      }
      return released;
    },

    waitingCounts: (): Promise<WaitingGiftMail> => countWaitingGiftMail(db),

    noticeOwner,

    /**
     * The repeating part (`startGiftWaitReminders`): the owner's daily count for each gift
     * people wait for, and the visitors' reminders once their request is two days old.
     */
    async remindAboutWaitingGifts(): Promise<{ ownerTold: GiftPlace[]; visitorsReminded: number }> {
      const ownerTold: GiftPlace[] = [];
      for (const gift of ["gift_ritual", "gift_fragrance"] as const) {
        if (await noticeOwner(gift)) ownerTold.push(gift);
      }
      const now = clock.now();
      const visitorsReminded = await queueGiftReminders(
        db,
        now,
        new Date(now.getTime() - visitorReminderAfterMs),
      );
      if (visitorsReminded > 0) {
        log.info({ reminded: visitorsReminded }, "Gift reminders queued: their gifts still wait");
        onMailQueued?.();
      }
      return { ownerTold, visitorsReminded };
    },
  };
}

export type WaitingGiftMailer = ReturnType<typeof createWaitingGiftMail>;

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
  const waiting = await countWaitingGiftMail(db);
  for (const place of ["gift_ritual", "gift_fragrance"] as const) {
    if (await firstOfferedRow(db, place)) continue;
    lines.push(
      `${names[place]} has no material yet: its e-mails wait (${waiting[place]} now) ` +
        "until one is added on /admin/materialy.",
    );
  }
  return lines;
}

/** How often a server looks for gifts that wait (the owner's count, the visitors' reminders). */
export const giftRemindersIntervalMs = 10 * 60_000;

/** Runs `remindAboutWaitingGifts` at start and every ten minutes, until stopped. */
export function startGiftWaitReminders(
  dependencies: WaitingGiftMailDependencies & { intervalMs?: number },
) {
  const mailer = createWaitingGiftMail(dependencies);
  return repeatEvery(
    "Gift reminders",
    dependencies.intervalMs ?? giftRemindersIntervalMs,
    async () => {
      await mailer.remindAboutWaitingGifts();
    },
  );
}
