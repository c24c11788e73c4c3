/**
 * Her letters in the administration, relative to /api (`letterApiPaths`), part of the
 * administration's one sub-app (`createAdminApp`), whose guard stands before every route:
 * the list with each letter's figures, writing a draft, its preview (the e-mail's own render,
 * for an iframe), a test to her own address, sending now, scheduling, calling a schedule off,
 * and her sending rate. Each refusal is a Czech sentence with a code, and changes nothing.
 */
import { Hono } from "hono";
import type { Database } from "#database/open-database";
import type { AdminEnv } from "#server/auth/require-admin";
import {
  type LetterJson,
  type LetterListJson,
  type LetterPreviewJson,
  type LetterRateJson,
  type LetterTestJson,
  letterApiPaths,
  letterInputSchema,
  letterRateSchema,
  letterScheduleSchema,
} from "#shared/newsletter-letters";
import type { Clock } from "../clock";
import { jsonBody } from "../json-route";
import type { MailSettings } from "../mail/outbox";
import { previewLetter, sendTestLetter, stopLetter } from "./letter-sending";
import {
  cancelScheduledLetter,
  countConfirmedSubscribers,
  createLetter,
  letterJson,
  listLetters,
  readLettersPerHour,
  requireLetter,
  scheduleLetter,
  sendLetterNow,
  setLettersPerHour,
  updateLetter,
} from "./letter-store";

export type LettersAdminApiDependencies = {
  db: Database;
  clock: Clock;
  mail: Pick<MailSettings, "notifyEmail" | "siteUrl">;
  /** Wakes the mail worker once her test is in the outbox. */
  onMailQueued?: () => void;
};

/** A letter's body is at most 200,000 characters; each may take up to 4 bytes in UTF-8. */
const letterJsonLimit = { maxBytes: 850 * 1024 };
const smallJson = { maxBytes: 4 * 1024 };

export function createLettersAdminApi({
  db,
  clock,
  mail,
  onMailQueued,
}: LettersAdminApiDependencies) {
  const actor = (admin: AdminEnv["Variables"]["admin"]) =>
    ({ kind: "account", userId: admin.user.id, email: admin.user.email }) as const;
  const answer = async (letter: Awaited<ReturnType<typeof requireLetter>>): Promise<LetterJson> =>
    letterJson(db, letter, mail.siteUrl);

  return new Hono<AdminEnv>()
    .get(letterApiPaths.letters, async (c) => {
      const [letters, lettersPerHour, confirmedSubscribers] = await Promise.all([
        listLetters(db),
        readLettersPerHour(db),
        countConfirmedSubscribers(db),
      ]);
      return c.json({ letters, lettersPerHour, confirmedSubscribers } satisfies LetterListJson);
    })
    .post(letterApiPaths.letters, jsonBody(letterInputSchema, letterJsonLimit), async (c) => {
      const letter = await createLetter(db, c.req.valid("json"), clock.now());
      return c.json(await answer(letter), 201);
    })
    .get(letterApiPaths.letter, async (c) => {
      return c.json(await answer(await requireLetter(db, c.req.param("id"))));
    })
    .put(letterApiPaths.letter, jsonBody(letterInputSchema, letterJsonLimit), async (c) => {
      const { id } = await requireLetter(db, c.req.param("id"));
      return c.json(await answer(await updateLetter(db, id, c.req.valid("json"), clock.now())));
    })
    .get(letterApiPaths.preview, async (c) => {
      const letter = await requireLetter(db, c.req.param("id"));
      const preview: LetterPreviewJson = await previewLetter(db, letter, mail);
      return c.json(preview, 200, { "Cache-Control": "no-store" });
    })
    .post(letterApiPaths.test, async (c) => {
      const letter = await requireLetter(db, c.req.param("id"));
      const { email } = c.get("admin").user;
      await sendTestLetter(db, letter, email, { settings: mail, clock, onMailQueued });
      return c.json({ sentTo: email } satisfies LetterTestJson);
    })
    .post(letterApiPaths.send, async (c) => {
      const letter = await sendLetterNow(db, c.req.param("id"), actor(c.get("admin")), clock.now());
      return c.json(await answer(letter));
    })
    .post(letterApiPaths.schedule, jsonBody(letterScheduleSchema, smallJson), async (c) => {
      const { scheduledAt } = c.req.valid("json");
      const letter = await scheduleLetter(
        db,
        c.req.param("id"),
        new Date(scheduledAt),
        actor(c.get("admin")),
        clock.now(),
      );
      return c.json(await answer(letter));
    })
    .post(letterApiPaths.cancel, async (c) => {
      return c.json(await answer(await cancelScheduledLetter(db, c.req.param("id"), clock.now())));
    })
    .post(letterApiPaths.stop, async (c) => {
      const letter = await stopLetter(db, c.req.param("id"), actor(c.get("admin")), clock.now());
      return c.json(await answer(letter));
    })
    .get(letterApiPaths.rate, async (c) => {
      return c.json({ lettersPerHour: await readLettersPerHour(db) } satisfies LetterRateJson);
    })
    .put(letterApiPaths.rate, jsonBody(letterRateSchema, smallJson), async (c) => {
      const { lettersPerHour } = c.req.valid("json");
      await setLettersPerHour(db, lettersPerHour, clock.now());
      return c.json({ lettersPerHour } satisfies LetterRateJson);
    });
}
