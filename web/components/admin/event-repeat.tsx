/**
 * „Opakovat“: how the event repeats (the rules its own day fits) and until when, with the dates
 * listed in Czech before anything is created, by the same function the server creates them with.
 */
import { Repeat } from "lucide-react";
import { useMemo, useState } from "react";
import { eventAdminMessages } from "#shared/event-admin";
import {
  describeRepeatRule,
  plannedOccurrences,
  type RepeatRule,
  repeatRulesFor,
} from "#shared/event-repeats";
import { pragueDay } from "#shared/prague-time";
import { eventWhen } from "~/components/admin/event-format";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";
import { typeset } from "~/lib/typography";

const refusalTexts = {
  rule_not_fitting: eventAdminMessages.ruleNotFitting,
  until_before_next: eventAdminMessages.untilBeforeNext,
  too_many: eventAdminMessages.tooMany,
} as const;

/** „3 termíny“, „5 termínů“. */
function datesCount(count: number): string {
  if (count === 1) return "1 termín";
  if (count >= 2 && count <= 4) return `${count} termíny`;
  return `${count} termínů`;
}

export function EventRepeat({
  event,
  busy,
  error,
  onCreate,
}: {
  event: { startsAt: string; endsAt: string };
  busy: boolean;
  /** The server's refusal of the last try, by field. */
  error?: string;
  onCreate: (rule: RepeatRule, until: string) => void;
}) {
  const startsAt = useMemo(() => new Date(event.startsAt), [event.startsAt]);
  const endsAt = useMemo(() => new Date(event.endsAt), [event.endsAt]);
  const firstDay = pragueDay(startsAt);
  const rules = repeatRulesFor(firstDay);
  const [ruleIndex, setRuleIndex] = useState(rules.length > 2 ? 2 : 0);
  const [until, setUntil] = useState("");
  const rule = rules[ruleIndex] ?? rules[0] ?? { kind: "weekly" };
  const planned = until ? plannedOccurrences({ startsAt, endsAt }, rule, until, new Date()) : null;
  const occurrences = planned && !planned.refused ? planned.occurrences : null;

  return (
    <section
      aria-labelledby="event-repeat-heading"
      className="mt-4 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 sm:p-5"
    >
      <h3
        id="event-repeat-heading"
        className="flex items-center gap-2 text-lg font-semibold text-bark"
      >
        <Repeat aria-hidden="true" className="size-5 text-moss-dark" />
        Opakovat akci
      </h3>
      <p className="mt-1 text-sm leading-relaxed text-bark-soft">
        {typeset(
          "Každý termín bude samostatná akce se stejným popisem, místem a cenou. Každý pak můžete změnit zvlášť.",
        )}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          id="event-repeat-rule"
          label="Jak často"
          value={String(ruleIndex)}
          disabled={busy}
          onChange={(change) => setRuleIndex(Number(change.target.value))}
        >
          {rules.map((each, index) => (
            <option key={describeRepeatRule(each, firstDay)} value={index}>
              {describeRepeatRule(each, firstDay)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="event-repeat-until"
          type="date"
          label="Až do"
          value={until}
          min={firstDay}
          error={error ?? (planned?.refused ? refusalTexts[planned.refused] : undefined)}
          disabled={busy}
          onChange={(change) => setUntil(change.target.value)}
        />
      </div>
      {occurrences && (
        <>
          <p className="mt-4 font-semibold text-bark">{`Nové termíny (${occurrences.length}):`}</p>
          <ul className="mt-2 grid gap-1 text-bark" data-testid="event-repeat-preview">
            {occurrences.map((occurrence) => (
              <li key={occurrence.startsAt.toISOString()}>
                {eventWhen(occurrence.startsAt, occurrence.endsAt)}
              </li>
            ))}
          </ul>
          <Button
            className="mt-4 w-full sm:w-auto"
            disabled={busy}
            onClick={() => onCreate(rule, until)}
          >
            {`Vytvořit ${datesCount(occurrences.length)}`}
          </Button>
        </>
      )}
    </section>
  );
}
