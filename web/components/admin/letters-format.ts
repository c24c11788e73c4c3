/**
 * Her letters in words on her screens: the state, the figures (odesláno, nedoručeno, odhlásilo
 * se po něm), when it went or goes, and her Prague day and time of a schedule as
 * the moment it names (booking-time.ts, so both daylight-saving days come out right).
 */
import { pragueMoment } from "#shared/booking-time";
import type { LetterFiguresJson, LetterState, LetterSummaryJson } from "#shared/newsletter-letters";
import { formatPragueMoment, formatPragueTime, pragueDay } from "#shared/prague-time";
import { czech } from "#shared/typography";

export const letterStateBadge: Record<LetterState, string> = {
  draft: "bg-sand text-bark",
  scheduled: "bg-terracotta/15 text-terracotta-dark",
  sending: "bg-moss text-cream",
  sent: "bg-sage-light text-moss-dark",
  cancelled: "bg-white text-bark-soft ring-1 ring-bark/15",
  stopped: "bg-terracotta/15 text-terracotta-dark",
};

/** Which letters she can still change: a draft, and a scheduled one she called off. */
export function isEditable(state: LetterState): boolean {
  return state === "draft" || state === "cancelled";
}

/**
 * Her list's order: what she is writing first (drafts, called-off ones), then what is going or
 * will go, then what went, each group newest first (the API's order).
 */
export function orderLetters<T extends Pick<LetterSummaryJson, "state">>(letters: T[]): T[] {
  const rank: Record<LetterState, number> = {
    draft: 0,
    cancelled: 0,
    sending: 1,
    scheduled: 2,
    sent: 3,
    stopped: 3,
  };
  return letters
    .map((letter, index) => ({ letter, index }))
    .sort((a, b) => rank[a.letter.state] - rank[b.letter.state] || a.index - b.index)
    .map(({ letter }) => letter);
}

/** When, in a sentence (beside the state's own word): „Odešel 29. 11. 2026 v 9:30“, „Odejde…“ */
export function letterWhen(letter: LetterSummaryJson): string {
  switch (letter.state) {
    case "sent":
      return `Odešel ${formatPragueMoment(letter.sentAt ?? letter.sendingStartedAt ?? letter.updatedAt)}`;
    case "stopped":
      return `Zastaven ${formatPragueMoment(letter.sentAt ?? letter.updatedAt)}`;
    case "sending":
      return `Odesílá se od ${formatPragueMoment(letter.sendingStartedAt ?? letter.updatedAt)}`;
    case "scheduled":
      return letter.scheduledAt
        ? `Odejde ${formatPragueMoment(letter.scheduledAt)}`
        : "Naplánovaný";
    default:
      return `Naposledy upraveno ${formatPragueMoment(letter.updatedAt)}`;
  }
}

/**
 * The figures she reads on a letter that went (or is going) out: a label and a number each.
 * While it goes out, „Odesláno“ is the progress line's alone (progressText): two „Odesláno“ with
 * two numbers on one screen left her asking which one was true.
 */
export function letterFigures(
  figures: LetterFiguresJson,
  state: LetterState,
): [label: string, count: number][] {
  return [
    ...(state === "sending" ? [] : [["Odesláno", figures.sent] as [string, number]]),
    ["Nedoručeno", figures.failed],
    ["Odhlásilo se po něm", figures.unsubscribedAfter],
  ];
}

/**
 * Whether a sending letter's recipients are known yet: just after „Odeslat“ the background
 * sending has not written its deliveries, and its figures are all 0 (a letter never starts
 * sending to nobody: sendLetterNow refuses it).
 */
export function recipientsKnown(figures: LetterFiguresJson): boolean {
  return figures.recipients > 0;
}

/**
 * „Odesláno 118 z 480“: the progress while it goes out, counting those who got it (as the stop
 * question and a stopped letter do); no „0 z 0“ before the recipients are known.
 */
export function progressText(figures: LetterFiguresJson): string {
  if (!recipientsKnown(figures)) return "Připravuji seznam příjemců…";
  return czech(`Odesláno ${figures.sent} z ${figures.recipients}`);
}

/** How many of a sending letter's recipients are done with: got it, refused, or left out. */
export function settledCount(figures: LetterFiguresJson): number {
  return figures.sent + figures.failed + figures.skipped;
}

/** „dostal“, „dostali“, „dostalo“: the verb after „1“, „2–4“ and other counts of readers. */
function receivedVerb(count: number): string {
  if (count === 1) return "dostal";
  return count >= 2 && count <= 4 ? "dostali" : "dostalo";
}

/** „Zastaveno, dostalo ho 120 z 480.“: how far a stopped letter got. */
export function stoppedText({ sent, recipients }: LetterFiguresJson): string {
  return czech(
    sent === 0
      ? `Zastaveno, nikdo z ${recipients} ho nedostal.`
      : `Zastaveno, ${receivedVerb(sent)} ho ${sent} z ${recipients}.`,
  );
}

/** What she is told before she stops a letter: how many already got it, and what stopping means. */
export function stopQuestionText({ sent, recipients }: LetterFiguresJson): string {
  const sofar =
    recipients === 0
      ? "Zatím ho nikdo nedostal."
      : sent === 0
        ? `Zatím ho nikdo z ${recipients} nedostal.`
        : `Zatím ho ${receivedVerb(sent)} ${sent} z ${recipients}.`;
  return czech(`${sofar} Ostatním už nepřijde a znovu ho poslat nepůjde.`);
}

/** „1 přihlášenému odběrateli“, „3 přihlášeným odběratelům“ (dative, after „poslat“). */
export function subscribersDative(count: number): string {
  return count === 1 ? "1 přihlášenému odběrateli" : `${count} přihlášeným odběratelům`;
}

/**
 * The moment her Prague day („2026-12-01“) and time („8:00“) name, or undefined when either is
 * not filled in as the fields write them.
 */
export function scheduleMoment(day: string, time: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{1,2}:\d{2}$/.test(time)) return undefined;
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  if (hours > 23 || minutes > 59) return undefined;
  return pragueMoment(day, hours * 60 + minutes);
}

/** A schedule's fields as they start: tomorrow at 8:00 in Prague, or the letter's own time. */
export function scheduleFields(
  scheduledAt: string | null,
  now: Date,
): { day: string; time: string } {
  if (scheduledAt) {
    return { day: pragueDay(scheduledAt), time: formatPragueTime(scheduledAt).padStart(5, "0") };
  }
  const tomorrow = new Date(now.getTime() + 24 * 3_600_000);
  return { day: pragueDay(tomorrow), time: "08:00" };
}

/** „1 dopis“, „3 dopisy“, „200 dopisů“. */
export function lettersCount(count: number): string {
  if (count === 1) return "1 dopis";
  if (count >= 2 && count <= 4) return `${count} dopisy`;
  return `${count} dopisů`;
}
