/**
 * Gift e-mails that wait for their gift's first material: how many wait, the
 * start-up's word on them, and their release when a material appears.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { formSubmissions, mailOutbox } from "#database/schema";
import type { MaterialPlace, WaitingGiftMail } from "#shared/materials";
import type { Clock } from "../clock";
import { log } from "../logger";
import { firstOfferedRow, type GiftPlace } from "./offered";

export function createWaitingGiftMail({
  db,
  clock,
  onMailQueued,
}: {
  db: Database;
  clock: Clock;
  onMailQueued?: () => void;
}) {
  return {
    /** Gift e-mails that wait for `place`'s first material go out now, once. */
    async releaseWaitingMail(place: MaterialPlace): Promise<number> {
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
    },

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
