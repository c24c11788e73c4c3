/**
 * „Dopisy“, phone first: her letters to the subscribers, what she is writing on top, then what is
 * going out (its progress, refreshed while it goes), what will go, and what went (or was
 * stopped: how many got it), each with its figures; „Napsat dopis“; and her sending rate, with the one reason it exists.
 */
import { clsx } from "clsx";
import { ChevronRight, Gauge, MailPlus, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  type LetterListJson,
  type LetterSummaryJson,
  letterLimits,
  letterMessages,
  letterStateLabels,
} from "#shared/newsletter-letters";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import {
  letterFigures,
  letterStateBadge,
  lettersCount,
  letterWhen,
  orderLetters,
  progressText,
  recipientsKnown,
  stoppedText,
} from "~/components/admin/letters-format";
import { Button, buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { AdminApiError, fetchLetters, saveLetterRate } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

export const newLetterId = "novy";
export const letterAdminPath = (id: string) => `${paths.adminLetters}/${id}`;

const loadFailed = "Dopisy se nepodařilo načíst. Zkuste prosím stránku načíst znovu.";
/** How often the list asks again while a letter goes out. */
export const progressRefreshMs = 3000;

export function LettersListScreen({
  email,
  list: initial,
}: {
  email: string;
  list: LetterListJson | null;
}) {
  const [list, setList] = useState(initial);
  const sending = list?.letters.some((letter) => letter.state === "sending") ?? false;

  // While a letter goes out, its progress is asked for again every few seconds.
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      fetchLetters()
        .then(setList)
        .catch(() => {});
    }, progressRefreshMs);
    return () => clearInterval(timer);
  }, [sending]);

  return (
    <AdminFrame email={email}>
      <p className="mt-5 sm:mt-8">
        <Link
          to={paths.adminNewsletter}
          className="font-semibold text-moss-dark underline-offset-4 hover:underline"
        >
          ← Odběratelé novinek
        </Link>
      </p>
      <AdminSection
        headingId="letters-heading"
        icon={Send}
        title="Dopisy"
        intro="Dopisy odběratelům novinek. Koncept vidíte jen vy; odeslaný dopis dostane každý, kdo má odběr potvrzený, a to jen jednou."
        header={
          list && (
            <p className="mt-3 text-bark">
              {typeset(`Přihlášených odběratelů: ${list.confirmedSubscribers}`)}
            </p>
          )
        }
      >
        <Link
          to={letterAdminPath(newLetterId)}
          className={buttonClasses("primary", "mt-6 w-full sm:w-auto")}
        >
          <MailPlus aria-hidden="true" className="size-5" />
          Napsat dopis
        </Link>
        {list === null ? (
          <p role="alert" className="mt-6 px-2 text-terracotta-dark sm:px-0">
            {typeset(loadFailed)}
          </p>
        ) : list.letters.length === 0 ? (
          <p className="mt-6 text-bark-soft">{typeset("Zatím tu není žádný dopis.")}</p>
        ) : (
          <ul className="mt-6 grid gap-3" aria-label="Vaše dopisy">
            {orderLetters(list.letters).map((letter) => (
              <li key={letter.id}>
                <LetterCard letter={letter} />
              </li>
            ))}
          </ul>
        )}
        {list && (
          <SendingRate
            lettersPerHour={list.lettersPerHour}
            onSaved={(lettersPerHour) => setList({ ...list, lettersPerHour })}
          />
        )}
      </AdminSection>
    </AdminFrame>
  );
}

function LetterCard({ letter }: { letter: LetterSummaryJson }) {
  // A sending letter's figures wait until its recipients are known (not a row of zeros).
  const out =
    (letter.state === "sending" && recipientsKnown(letter.figures)) ||
    letter.state === "sent" ||
    letter.state === "stopped";
  return (
    <Link
      to={letterAdminPath(letter.id)}
      data-letter={letter.subject}
      className="flex items-center gap-3 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 transition-colors hover:bg-sage-light/60 sm:p-5"
    >
      <div className="min-w-0 flex-1">
        <p className="text-lg leading-snug font-semibold break-words text-bark">
          {typeset(letter.subject || "Bez předmětu")}
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span
            data-state={letter.state}
            className={clsx(
              "rounded-full px-2.5 py-0.5 font-semibold",
              letterStateBadge[letter.state],
            )}
          >
            {letterStateLabels[letter.state]}
          </span>
          <span className="text-bark-soft">{letterWhen(letter)}</span>
        </p>
        {letter.state === "sending" && (
          <p className="mt-2 text-sm font-semibold text-moss-dark" aria-live="polite">
            {progressText(letter.figures)}
          </p>
        )}
        {letter.state === "stopped" && (
          <p className="mt-2 text-sm font-semibold text-terracotta-dark">
            {stoppedText(letter.figures)}
          </p>
        )}
        {out && (
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {letterFigures(letter.figures, letter.state).map(([label, count]) => (
              <div key={label} className="flex gap-1">
                <dt className="text-bark-soft">{label}:</dt>
                <dd className="font-semibold text-bark tabular-nums">{count}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
    </Link>
  );
}

/** Her sending rate: letters an hour, with why it is there. */
function SendingRate({
  lettersPerHour,
  onSaved,
}: {
  lettersPerHour: number;
  onSaved: (lettersPerHour: number) => void;
}) {
  const [value, setValue] = useState(String(lettersPerHour));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const text = value.trim().replace(/\s/g, "");
    const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (
      !Number.isInteger(number) ||
      number < letterLimits.minPerHour ||
      number > letterLimits.maxPerHour
    ) {
      setError(letterMessages.rate);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveLetterRate(number);
      setError(undefined);
      setValue(String(saved));
      onSaved(saved);
      toast.success(`Uloženo: nejvýš ${lettersCount(saved)} za hodinu.`);
    } catch (failure) {
      const message =
        failure instanceof AdminApiError
          ? failure.message
          : "Něco se nepovedlo. Zkuste to prosím znovu.";
      setError(failure instanceof AdminApiError ? failure.message : undefined);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="letters-rate-heading"
      className="mt-10 rounded-2xl bg-white/70 p-4 ring-1 ring-bark/10 sm:p-6"
    >
      <h3
        id="letters-rate-heading"
        className="flex items-center gap-2 text-xl font-semibold text-bark"
      >
        <Gauge aria-hidden="true" className="size-5 text-moss-dark" />
        Rychlost odesílání
      </h3>
      <p className="mt-2 max-w-2xl leading-relaxed text-bark-soft">
        {typeset(
          "Poskytovatel e-mailu hlídá, kolik zpráv za hodinu pošlete; dopisy proto odcházejí postupně, aby vás nezačal považovat za rozesílatele spamu.",
        )}
      </p>
      <form
        noValidate
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          id="letters-rate"
          label="Dopisů za hodinu"
          inputMode="numeric"
          value={value}
          error={error}
          disabled={busy}
          className="sm:w-56"
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={busy} className="sm:mt-7">
          Uložit rychlost
        </Button>
      </form>
    </section>
  );
}
