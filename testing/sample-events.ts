/** Her events as tests need them, stored directly (the administration's API has its own tests). */
import type { Database } from "#database/open-database";
import { type Event, events } from "#database/schema";

const hour = 3_600_000;
let made = 0;

/** A published event two weeks after `now` (the test clock's), 20 places, a waiting list. */
export async function insertTestEvent(
  db: Database,
  now: Date,
  values: Partial<typeof events.$inferInsert> = {},
): Promise<Event> {
  made += 1;
  const startsAt = values.startsAt ?? new Date(now.getTime() + 14 * 24 * hour);
  const [event] = await db
    .insert(events)
    .values({
      slug: `kruh-zen-${made}-${Math.random().toString(36).slice(2, 8)}`,
      title: "Kruh žen u ohně",
      description: "<p>Večer sdílení, bylinkový čaj a tichá meditace.</p>",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * hour),
      signupDeadline: new Date(startsAt.getTime() - 2 * hour),
      placeKind: "address",
      address: "Květná 12, Brno",
      priceCzk: 450,
      capacity: 20,
      waitingList: true,
      state: "published",
      ...values,
    })
    .returning();
  if (!event) throw new Error("The test event was not stored");
  return event;
}

/** A visitor's sign-up as the page sends it. */
export function sampleSignup(index: number | string, values: Record<string, unknown> = {}) {
  return {
    name: `Návštěvnice ${index}`,
    email: `navstevnice${index}@example.cz`,
    phone: "777 123 456",
    note: "Těším se.",
    privacyConsent: true,
    ...values,
  };
}
