/**
 * „Napsat všem přihlášeným“: her subject and text, sent to everyone with a place or waiting for
 * one, each their own e-mail; the form says how many people that is before she sends it.
 */
import { Send } from "lucide-react";
import { useState } from "react";
import { type EventCountsJson, eventMessageLimits, eventMessageSchema } from "#shared/event-admin";
import { peopleCount } from "~/components/admin/event-format";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { typeset } from "~/lib/typography";

/** Who the message reaches, in words: „Zprávu dostanou 3 lidé – přihlášení i ti, kdo čekají na místo.“ */
export function messageReach({ confirmed, waitlisted }: EventCountsJson): string {
  const total = confirmed + waitlisted;
  const verb = total >= 2 && total <= 4 ? "dostanou" : "dostane";
  const who = waitlisted > 0 ? " – přihlášení i ti, kdo čekají na místo" : "";
  return `Zprávu ${verb} ${peopleCount(total)}${who}.`;
}

export function EventMessage({
  counts,
  busy,
  serverErrors,
  onSend,
}: {
  counts: EventCountsJson;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSend: (message: { subject: string; text: string }) => Promise<boolean>;
}) {
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...errors, ...serverErrors };

  async function send() {
    const parsed = eventMessageSchema.safeParse({ subject, text });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    if (await onSend(parsed.data)) {
      setSubject("");
      setText("");
    }
  }

  return (
    <section
      aria-labelledby="event-message-heading"
      className="mt-4 rounded-2xl bg-white/80 p-4 ring-1 ring-bark/10 sm:p-5"
    >
      <h3
        id="event-message-heading"
        className="flex items-center gap-2 text-lg font-semibold text-bark"
      >
        <Send aria-hidden="true" className="size-5 text-moss-dark" />
        Napsat všem přihlášeným
      </h3>
      <p className="mt-1 text-sm leading-relaxed text-bark-soft">
        {typeset(`${messageReach(counts)} Každý dostane svůj e-mail a odpověď přijde vám.`)}
      </p>
      <form
        noValidate
        className="mt-4 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          id="event-message-subject"
          label="Předmět"
          value={subject}
          error={shown.subject}
          disabled={busy}
          maxLength={eventMessageLimits.subject * 2}
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextAreaField
          id="event-message-text"
          label="Text zprávy"
          rows={6}
          value={text}
          error={shown.text}
          disabled={busy}
          characterCount={text.length}
          maxCharacters={eventMessageLimits.text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          <Send aria-hidden="true" className="size-5" />
          Odeslat zprávu
        </Button>
      </form>
    </section>
  );
}
