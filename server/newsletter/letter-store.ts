/**
 * Her letters (docs/decisions/0038-newsletter-letters.md): writing a draft, sending it now or at
 * a time, calling a schedule off, and the letters' list with their figures. Only this module and
 * the sending (`letter-sending.ts`) touch `newsletter_letters`, `newsletter_deliveries` and
 * `newsletter_sending`. Every refusal is an `ApiError` with a code and a Czech sentence, thrown
 * before anything is changed; a state change is one guarded UPDATE, so two tabs or two servers
 * cannot both send one letter.
 */
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { isUniqueViolation } from "#database/database-errors";
import type { Database } from "#database/open-database";
import {
  articleSlugs,
  articles,
  events,
  type NewsletterLetter,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSending,
  newsletterSubscribers,
} from "#database/schema";
import { currentArticleSlug } from "#server/articles/article-store";
import { articlePhotoSrc } from "#shared/content/article-photos";
import {
  type LetterAnnouncement,
  type LetterFiguresJson,
  type LetterInput,
  type LetterJson,
  type LetterSummaryJson,
  letterErrorCodes,
  letterLimits,
  letterMessages,
  noLetterFigures,
} from "#shared/newsletter-letters";
import { formatPragueDate, formatPragueLong } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { ApiError } from "../api-error";
import { type AuditActor, recordAuditEvent } from "../audit-log";
import { findPhotos } from "../photos/photos";
import type { LetterAnnouncementData } from "./letter-email";
import { hasLetterContent, sanitizeLetterHtml } from "./letter-html";

export const letterRefusals = {
  notFound: () => new ApiError(404, letterErrorCodes.notFound, letterMessages.notFound),
  stale: () => new ApiError(409, letterErrorCodes.stale, letterMessages.stale),
  notDraft: () => new ApiError(409, letterErrorCodes.notDraft, letterMessages.notDraft),
  alreadySent: () => new ApiError(409, letterErrorCodes.alreadySent, letterMessages.alreadySent),
  notScheduled: () => new ApiError(409, letterErrorCodes.notScheduled, letterMessages.notScheduled),
  notSending: () => new ApiError(409, letterErrorCodes.notSending, letterMessages.notSending),
  otherSending: () => new ApiError(409, letterErrorCodes.otherSending, letterMessages.otherSending),
  noSubscribers: () =>
    new ApiError(409, letterErrorCodes.noSubscribers, letterMessages.noSubscribers),
  scheduledInPast: () =>
    new ApiError(422, letterErrorCodes.scheduledInPast, letterMessages.scheduledInPast, {
      scheduledAt: letterMessages.scheduledInPast,
    }),
  articleNotFound: () =>
    new ApiError(422, letterErrorCodes.articleNotFound, letterMessages.articleNotFound, {
      announcement: letterMessages.articleNotFound,
    }),
  eventNotFound: () =>
    new ApiError(422, letterErrorCodes.eventNotFound, letterMessages.eventNotFound, {
      announcement: letterMessages.eventNotFound,
    }),
  emptyBody: () =>
    new ApiError(422, letterErrorCodes.emptyBody, letterMessages.body, {
      body: letterMessages.body,
    }),
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A forged or mistyped id is a letter that is not there. */
export function readLetterId(value: string): string {
  if (!uuidPattern.test(value)) throw letterRefusals.notFound();
  return value;
}

/** The body to store, and the announcement's columns; refused when either is not usable. */
async function letterValues(db: Database, input: LetterInput) {
  const body = sanitizeLetterHtml(input.body);
  if (!hasLetterContent(body)) throw letterRefusals.emptyBody();
  const announcement = input.announcement ?? null;
  if (announcement && !(await findAnnouncement(db, announcement, ""))) {
    throw announcement.kind === "article"
      ? letterRefusals.articleNotFound()
      : letterRefusals.eventNotFound();
  }
  return {
    subject: input.subject,
    body,
    articleId: announcement?.kind === "article" ? announcement.id : null,
    eventId: announcement?.kind === "event" ? announcement.id : null,
  };
}

/**
 * What the announcement block of a letter shows, read now: an article that is live or scheduled
 * (never a draft or a deleted one), or a published event. Undefined: none such.
 */
export async function findAnnouncement(
  db: Database,
  announcement: LetterAnnouncement,
  siteUrl: string,
): Promise<LetterAnnouncementData | undefined> {
  if (announcement.kind === "article") {
    const [row] = await db
      .select({
        title: articles.title,
        publishAt: articles.publishAt,
        coverPhotoId: articles.coverPhotoId,
        slug: articleSlugs.slug,
      })
      .from(articles)
      .innerJoin(articleSlugs, currentArticleSlug)
      .where(
        and(
          eq(articles.id, announcement.id),
          inArray(articles.state, ["published", "scheduled"]),
          sql`${articles.deletedAt} is null`,
        ),
      );
    if (!row) return undefined;
    return {
      kind: "article",
      title: row.title,
      dateText: row.publishAt ? formatPragueDate(row.publishAt) : null,
      url: `${siteUrl}${paths.blog}/${row.slug}`,
      ...(await photoOf(db, row.coverPhotoId, siteUrl)),
    };
  }
  const [row] = await db
    .select({
      title: events.title,
      slug: events.slug,
      startsAt: events.startsAt,
      photoId: events.photoId,
    })
    .from(events)
    .where(and(eq(events.id, announcement.id), eq(events.state, "published")));
  if (!row) return undefined;
  return {
    kind: "event",
    title: row.title,
    dateText: formatPragueLong(row.startsAt),
    url: `${siteUrl}${paths.events}/${row.slug}`,
    ...(await photoOf(db, row.photoId, siteUrl)),
  };
}

async function photoOf(db: Database, photoId: string | null, siteUrl: string) {
  const [photo] = photoId ? await findPhotos(db, [photoId]) : [];
  return photo
    ? { photoUrl: `${siteUrl}${articlePhotoSrc(photo)}`, photoAlt: photo.alt }
    : { photoUrl: null, photoAlt: null };
}

/** The announcement a stored letter names. */
export function announcementOf(letter: NewsletterLetter): LetterAnnouncement | null {
  if (letter.articleId) return { kind: "article", id: letter.articleId };
  if (letter.eventId) return { kind: "event", id: letter.eventId };
  return null;
}

/** A new draft. */
export async function createLetter(db: Database, input: LetterInput, now: Date) {
  const values = await letterValues(db, input);
  const [letter] = await db
    .insert(newsletterLetters)
    .values({ ...values, state: "draft", createdAt: now, updatedAt: now })
    .returning();
  if (!letter) throw new Error("the letter was not stored");
  return letter;
}

/** Letters she may still change, send or schedule: not yet gone (a called-off one too). */
const unsentStates = ["draft", "scheduled", "cancelled"] as const;
const changeableStates = ["draft", "cancelled"] as const;

/**
 * A draft changed (or a called-off letter, which becomes a draft again): only from the version
 * she had.
 */
export async function updateLetter(db: Database, id: string, input: LetterInput, now: Date) {
  const values = await letterValues(db, input);
  const [letter] = await db
    .update(newsletterLetters)
    .set({
      ...values,
      state: "draft",
      scheduledAt: null,
      version: sql`${newsletterLetters.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(newsletterLetters.id, id),
        inArray(newsletterLetters.state, [...changeableStates]),
        input.version === undefined ? undefined : eq(newsletterLetters.version, input.version),
      ),
    )
    .returning();
  if (letter) return letter;
  const existing = await findLetter(db, id);
  if (!existing) throw letterRefusals.notFound();
  const changeable = (changeableStates as readonly string[]).includes(existing.state);
  throw changeable ? letterRefusals.stale() : letterRefusals.notDraft();
}

export async function findLetter(db: Database, id: string) {
  const [letter] = await db.select().from(newsletterLetters).where(eq(newsletterLetters.id, id));
  return letter;
}

export async function requireLetter(db: Database, id: string) {
  const letter = await findLetter(db, readLetterId(id));
  if (!letter) throw letterRefusals.notFound();
  return letter;
}

/** How many would get a letter if it went now. */
export async function countConfirmedSubscribers(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.state, "subscribed"));
  return Number(row?.n ?? 0);
}

/**
 * „Odeslat všem“: the letter starts sending at once (the background sending writes its
 * deliveries and hands them to the outbox at her rate). Refused while another letter is sending
 * (the database's `newsletter_letters_one_sending` decides a race), for a letter already sent,
 * and when nobody is subscribed.
 */
export async function sendLetterNow(db: Database, id: string, actor: AuditActor, now: Date) {
  const letter = await requireLetter(db, id);
  if (!isUnsent(letter)) throw letterRefusals.alreadySent();
  if (await otherLetterSending(db, letter.id)) throw letterRefusals.otherSending();
  if ((await countConfirmedSubscribers(db)) === 0) throw letterRefusals.noSubscribers();
  let started: NewsletterLetter | undefined;
  try {
    started = await moveUnsentLetter(
      db,
      letter.id,
      { state: "sending", scheduledAt: now, sendingStartedAt: now },
      "newsletter_letter_sent",
      actor,
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw letterRefusals.otherSending();
    throw error;
  }
  if (!started) throw letterRefusals.alreadySent();
  return started;
}

/**
 * Moves a letter that is still unsent on (`changes`, its sender and the time), with its audit
 * event, in one transaction; `undefined` when it is no longer unsent.
 */
async function moveUnsentLetter(
  db: Database,
  id: string,
  changes: Pick<NewsletterLetter, "state" | "scheduledAt"> & { sendingStartedAt?: Date },
  action: "newsletter_letter_sent" | "newsletter_letter_scheduled",
  actor: AuditActor,
  now: Date,
): Promise<NewsletterLetter | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterLetters)
      .set({ ...changes, sentBy: actor.kind === "account" ? actor.userId : null, updatedAt: now })
      .where(and(eq(newsletterLetters.id, id), inArray(newsletterLetters.state, [...unsentStates])))
      .returning();
    if (row) await recordAuditEvent(tx, { action, actor, subject: row.subject }, now);
    return row;
  });
}

function isUnsent(letter: NewsletterLetter): boolean {
  return (unsentStates as readonly string[]).includes(letter.state);
}

async function otherLetterSending(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterLetters.id })
    .from(newsletterLetters)
    .where(and(eq(newsletterLetters.state, "sending"), ne(newsletterLetters.id, id)));
  return row !== undefined;
}

/** „Naplánovat“: a draft (or a scheduled letter moved) goes at `at`, which must be ahead. */
export async function scheduleLetter(
  db: Database,
  id: string,
  at: Date,
  actor: AuditActor,
  now: Date,
) {
  const letter = await requireLetter(db, id);
  if (!isUnsent(letter)) throw letterRefusals.alreadySent();
  if (at.getTime() <= now.getTime()) throw letterRefusals.scheduledInPast();
  const scheduled = await moveUnsentLetter(
    db,
    letter.id,
    { state: "scheduled", scheduledAt: at },
    "newsletter_letter_scheduled",
    actor,
    now,
  );
  if (!scheduled) throw letterRefusals.alreadySent();
  return scheduled;
}

/**
 * „Zrušit naplánování“: a scheduled letter called off before its time has come (it stays, to be
 * changed, sent or scheduled again).
 */
export async function cancelScheduledLetter(db: Database, id: string, now: Date) {
  const letter = await requireLetter(db, id);
  const [row] = await db
    .update(newsletterLetters)
    .set({ state: "cancelled", scheduledAt: null, sentBy: null, updatedAt: now })
    .where(and(eq(newsletterLetters.id, letter.id), eq(newsletterLetters.state, "scheduled")))
    .returning();
  if (!row) throw letterRefusals.notScheduled();
  return row;
}

/** Her sending rate (the default until she sets one). */
export async function readLettersPerHour(db: Database): Promise<number> {
  const [row] = await db
    .select({ lettersPerHour: newsletterSending.lettersPerHour })
    .from(newsletterSending)
    .where(eq(newsletterSending.id, 1));
  return row?.lettersPerHour ?? letterLimits.defaultPerHour;
}

export async function setLettersPerHour(db: Database, lettersPerHour: number, now: Date) {
  await db
    .insert(newsletterSending)
    .values({ id: 1, lettersPerHour, nextSlotAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: newsletterSending.id,
      set: { lettersPerHour, updatedAt: now },
    });
}

/**
 * Each letter's figures, by its id: its deliveries by state, and those who received it and
 * unsubscribed after it started going out (one grouped query for all of them).
 */
async function figuresOf(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, LetterFiguresJson>> {
  const figures = new Map<string, LetterFiguresJson>();
  if (ids.length === 0) return figures;
  const rows = await db
    .select({
      letterId: newsletterDeliveries.letterId,
      recipients: sql<number>`count(*)::int`,
      queued: sql<number>`(count(*) filter (where ${newsletterDeliveries.state} = 'queued'))::int`,
      sent: sql<number>`(count(*) filter (where ${newsletterDeliveries.state} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${newsletterDeliveries.state} = 'failed'))::int`,
      skipped: sql<number>`(count(*) filter (where ${newsletterDeliveries.state} = 'skipped'))::int`,
      unsubscribedAfter: sql<number>`(count(*) filter (where ${newsletterDeliveries.state} = 'sent'
        and ${newsletterSubscribers.state} = 'unsubscribed'
        and ${newsletterSubscribers.unsubscribedAt} > ${newsletterLetters.sendingStartedAt}))::int`,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletterLetters, eq(newsletterLetters.id, newsletterDeliveries.letterId))
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId),
    )
    .where(inArray(newsletterDeliveries.letterId, [...ids]))
    .groupBy(newsletterDeliveries.letterId);
  for (const { letterId, ...row } of rows) {
    figures.set(letterId, {
      recipients: Number(row.recipients),
      queued: Number(row.queued),
      sent: Number(row.sent),
      failed: Number(row.failed),
      skipped: Number(row.skipped),
      unsubscribedAfter: Number(row.unsubscribedAfter),
    });
  }
  return figures;
}

function summaryJson(letter: NewsletterLetter, figures: LetterFiguresJson): LetterSummaryJson {
  return {
    id: letter.id,
    subject: letter.subject,
    state: letter.state,
    scheduledAt: letter.scheduledAt?.toISOString() ?? null,
    createdAt: letter.createdAt.toISOString(),
    updatedAt: letter.updatedAt.toISOString(),
    sendingStartedAt: letter.sendingStartedAt?.toISOString() ?? null,
    sentAt: letter.sentAt?.toISOString() ?? null,
    figures,
  };
}

/** Her letters, the newest first, each with its figures. */
export async function listLetters(db: Database): Promise<LetterSummaryJson[]> {
  const letters = await db
    .select()
    .from(newsletterLetters)
    .orderBy(desc(newsletterLetters.createdAt), desc(newsletterLetters.id));
  const figures = await figuresOf(
    db,
    letters.map((letter) => letter.id),
  );
  return letters.map((letter) => summaryJson(letter, figures.get(letter.id) ?? noLetterFigures));
}

/** One letter as her screen reads it. */
export async function letterJson(
  db: Database,
  letter: NewsletterLetter,
  siteUrl: string,
): Promise<LetterJson> {
  const figures = (await figuresOf(db, [letter.id])).get(letter.id) ?? noLetterFigures;
  const named = announcementOf(letter);
  const shown = named && (await findAnnouncement(db, named, siteUrl));
  return {
    ...summaryJson(letter, figures),
    body: letter.body,
    version: letter.version,
    announcement:
      named && shown
        ? {
            ...named,
            title: shown.title,
            dateText: shown.dateText,
            url: shown.url,
            photoUrl: shown.photoUrl,
          }
        : null,
  };
}
