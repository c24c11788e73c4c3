/**
 * What is offered: a material that is shown and has its file, link or page.
 * A file material whose file has not arrived (its upload under way, or never
 * finished) is offered nowhere: not in a gift, not to members.
 */
import { and, asc, eq, isNotNull, or } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { type MaterialRow, materials } from "#database/schema";
import type { MaterialPlace } from "#shared/materials";

export type GiftPlace = Exclude<MaterialPlace, "members">;

/** A material is offered when it is shown and has its file, link or page. */
export const isOffered = and(
  eq(materials.hidden, false),
  or(isNotNull(materials.linkUrl), isNotNull(materials.size)),
);

/**
 * The first offered material of a place, in her order (for the scent gift
 * the built-in guide's row, made by migration 0015, unless she hid it).
 */
export async function firstOfferedRow(
  db: Database,
  place: MaterialPlace,
): Promise<MaterialRow | undefined> {
  const [row] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.place, place), isOffered))
    .orderBy(asc(materials.position), asc(materials.createdAt))
    .limit(1);
  return row;
}
