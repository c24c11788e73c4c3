/**
 * A transaction kept open on one connection while a test watches what another does: `hold`
 * takes a lock in it, and it ends (committing) when the returned release is called.
 */
import type { Database } from "#database/open-database";

/** Resolves once `hold` has run in an open transaction on `db`; call the result to end it. */
export async function holdInTransaction(
  db: Database,
  hold: (tx: Database) => Promise<unknown>,
): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  let held = () => {};
  const isHeld = new Promise<void>((done) => {
    held = done;
  });
  const holding = db.transaction(async (tx) => {
    await hold(tx as unknown as Database);
    held();
    await released;
  });
  await Promise.race([isHeld, holding]);
  return async () => {
    release();
    await holding;
  };
}
