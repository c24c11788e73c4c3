/**
 * Sending a letter: „Odeslat všem přihlášeným (N)“ asked first with the count, or „Naplánovat“
 * at her Prague day and time; a scheduled letter says when it goes and can be called off; one
 * going out shows how far it got (its screen asks again every few seconds) and can be stopped,
 * asked first with how many already got it; one that went or was stopped, its figures. Every refusal of the server is shown at its field or as a notice.
 */
import { Ban, CalendarClock, OctagonX, Send } from "lucide-react";
import { useState } from "react";
import type { LetterJson } from "#shared/newsletter-letters";
import { formatPragueMoment } from "#shared/prague-time";
import {
  letterFigures,
  lettersCount,
  progressText,
  recipientsKnown,
  scheduleFields,
  scheduleMoment,
  settledCount,
  stoppedText,
  stopQuestionText,
  subscribersDative,
} from "~/components/admin/letters-format";
import { AlertDialogConfirm, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { typeset } from "~/lib/typography";

/** „do hodiny“, „během zhruba 3 hodin“: how long a send to `count` takes at `perHour`. */
function durationText(count: number, perHour: number): string {
  if (count <= perHour) return "do hodiny";
  return `během zhruba ${Math.ceil(count / perHour)} hodin`;
}

export function LetterSend({
  letter,
  confirmedSubscribers,
  lettersPerHour,
  busy,
  errors,
  onSend,
  onSchedule,
  onCancel,
  onStop,
}: {
  letter: LetterJson;
  confirmedSubscribers: number;
  lettersPerHour: number;
  busy: boolean;
  /** The server's refusal of a schedule, by field (`scheduledAt`). */
  errors: Record<string, string>;
  onSend: () => void;
  /** The moment as an ISO instant, or an empty string when the fields name none. */
  onSchedule: (scheduledAt: string) => void;
  onCancel: () => void;
  onStop: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [when, setWhen] = useState(() => scheduleFields(letter.scheduledAt, new Date()));

  if (letter.state === "scheduled") {
    return (
      <section aria-labelledby="letter-send-heading" className="mt-8 px-2 sm:px-0">
        <h3 id="letter-send-heading" className="text-xl font-semibold text-bark">
          Naplánovaný
        </h3>
        <p className="mt-2 text-bark">
          {typeset(
            `Dopis odejde ${letter.scheduledAt ? formatPragueMoment(letter.scheduledAt) : ""} všem, kdo budou mít odběr v tu chvíli potvrzený.`,
          )}
        </p>
        <Button variant="secondary" disabled={busy} className="mt-4" onClick={onCancel}>
          <Ban aria-hidden="true" className="size-5" />
          Zrušit naplánování
        </Button>
      </section>
    );
  }

  if (letter.state === "sending" || letter.state === "sent" || letter.state === "stopped") {
    const { figures } = letter;
    // Just after „Odeslat“ nobody is counted yet: a neutral wait, not „Odesláno 0 z 0“
    // (nor a bar without a value, which Chromium paints as a grey block).
    const known = letter.state !== "sending" || recipientsKnown(figures);
    const headings = { sending: "Odesílá se", sent: "Odeslaný", stopped: "Zastavený" };
    return (
      <section aria-labelledby="letter-send-heading" className="mt-8 px-2 sm:px-0">
        <h3 id="letter-send-heading" className="text-xl font-semibold text-bark">
          {headings[letter.state]}
        </h3>
        {letter.state === "stopped" && (
          <p className="mt-3 font-semibold text-terracotta-dark">{stoppedText(figures)}</p>
        )}
        {letter.state === "sending" && (
          <div className="mt-3">
            <p role="status" className="font-semibold text-moss-dark">
              {progressText(figures)}
            </p>
            {known && (
              // Painted by its parts, as the upload bars are: `accent-moss` left Chromium green.
              <progress
                className="mt-2 block h-3 w-full max-w-md overflow-hidden rounded-full ring-1 ring-moss/30 [&::-moz-progress-bar]:bg-moss [&::-webkit-progress-bar]:bg-cream [&::-webkit-progress-value]:bg-moss"
                max={figures.recipients}
                value={settledCount(figures)}
                aria-label="Průběh odesílání"
              />
            )}
            <p className="mt-2 text-sm text-bark-soft">
              {typeset(
                `Dopisy odcházejí postupně, nejvýš ${lettersCount(lettersPerHour)} za hodinu. Stránku můžete zavřít, odesílání pokračuje.`,
              )}
            </p>
            <Button
              variant="secondary"
              disabled={busy}
              className="mt-4"
              onClick={() => setAsking(true)}
            >
              <OctagonX aria-hidden="true" className="size-5" />
              Zastavit odesílání
            </Button>
            <ConfirmDialog
              open={asking}
              onCancel={() => setAsking(false)}
              title="Zastavit odesílání?"
              description={<p>{stopQuestionText(figures)}</p>}
              action={
                <AlertDialogConfirm
                  onClick={() => {
                    setAsking(false);
                    onStop();
                  }}
                >
                  Zastavit odesílání
                </AlertDialogConfirm>
              }
            />
          </div>
        )}
        {known && (
          <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            {letterFigures(figures, letter.state).map(([label, count]) => (
              <div key={label} className="contents">
                <dt className="text-bark-soft">{label}</dt>
                <dd className="text-right font-semibold text-bark tabular-nums">{count}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    );
  }

  const nobody = confirmedSubscribers === 0;
  return (
    <section aria-labelledby="letter-send-heading" className="mt-10 px-2 sm:px-0">
      <h3 id="letter-send-heading" className="text-xl font-semibold text-bark">
        Odeslání
      </h3>
      <p className="mt-2 max-w-2xl leading-relaxed text-bark-soft">
        {typeset(
          nobody
            ? "Zatím nemáte žádného přihlášeného odběratele, dopis není komu poslat."
            : `Dopis dostane každý, kdo má odběr potvrzený: teď ${confirmedSubscribers}. Odchází postupně, nejvýš ${lettersCount(lettersPerHour)} za hodinu.`,
        )}
      </p>
      <Button disabled={busy || nobody} className="mt-4" onClick={() => setAsking(true)}>
        <Send aria-hidden="true" className="size-5" />
        {/* On a phone the count wraps with its word, never alone. */}
        <span>
          Odeslat všem{" "}
          <span className="whitespace-nowrap">přihlášeným ({confirmedSubscribers})</span>
        </span>
      </Button>
      <form
        noValidate
        className="mt-6 rounded-2xl bg-white/70 p-4 ring-1 ring-bark/10 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          onSchedule(scheduleMoment(when.day, when.time)?.toISOString() ?? "");
        }}
      >
        <fieldset className="grid max-w-xl gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-bark">
            Nebo naplánovat na později <span className="font-normal">(čas v Česku)</span>
          </legend>
          <TextField
            id="letter-schedule-day"
            type="date"
            label="Den"
            value={when.day}
            error={errors.scheduledAt}
            disabled={busy}
            onChange={(event) => setWhen({ ...when, day: event.target.value })}
          />
          <TextField
            id="letter-schedule-time"
            type="time"
            label="Čas"
            value={when.time}
            disabled={busy}
            onChange={(event) => setWhen({ ...when, time: event.target.value })}
          />
        </fieldset>
        <Button type="submit" variant="secondary" disabled={busy || nobody} className="mt-4">
          <CalendarClock aria-hidden="true" className="size-5" />
          Naplánovat
        </Button>
      </form>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title="Odeslat dopis všem přihlášeným?"
        description={
          <p>
            {typeset(
              `Dopis „${letter.subject}“ odejde ${subscribersDative(confirmedSubscribers)}, postupně ${durationText(confirmedSubscribers, lettersPerHour)}. Odeslaný dopis už nejde vzít zpět.`,
            )}
          </p>
        }
        action={
          <AlertDialogConfirm
            onClick={() => {
              setAsking(false);
              onSend();
            }}
          >
            Odeslat ({confirmedSubscribers})
          </AlertDialogConfirm>
        }
      />
    </section>
  );
}
