/**
 * Gift e-mails that wait for their gift's first material: how many wait, the
 * start-up's word on them, and their release when a material appears.
 */
import type { Database } from "#database/open-database";
import type { MaterialPlace, WaitingGiftMail } from "#shared/materials";
import { log } from "../logger";
import {
  countWaitingGiftMail,
  type QueueingDependencies,
  releaseWaitingGiftMail,
} from "../mail/outbox";
import { firstOfferedRow, type GiftPlace } from "./offered";

export function createWaitingGiftMail({ db, clock, onMailQueued }: QueueingDependencies) {
  return {
    /** Gift e-mails that wait for `place`'s first material go out now, once. */
    async releaseWaitingMail(place: MaterialPlace): Promise<number> {
      if (place === "members") return 0;
      if (!(await firstOfferedRow(db, place))) return 0;
      const released = await releaseWaitingGiftMail(db, place, clock.now());
      if (released > 0) {
        log.info({ gift: place, released }, "Gift e-mails released: the gift has a material now");
        onMailQueued?.();
      }
      return released;
    },

    waitingCounts: (): Promise<WaitingGiftMail> => countWaitingGiftMail(db),
  };
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
