/**
 * One of her letters, phone first. A new one or a draft (or a scheduled one she called off): its
 * fields and „Uložit koncept“, then „Náhled a zkouška“ and „Odeslání“, each of which saves what
 * she changed first. A scheduled one: when it goes and „Zrušit naplánování“; one going out: its
 * progress, asked for again every few seconds; one that went: its figures. Every refusal of the
 * server shows at its field or as a notice, and changes nothing.
 */
import { clsx } from "clsx";
import { Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { type LetterJson, letterStateLabels } from "#shared/newsletter-letters";
import { paths } from "#shared/routes";
import { useAdminRun } from "~/components/admin/admin-run";
import { EditorScreen } from "~/components/admin/content-editor";
import {
  formFieldOf,
  formOf,
  inputOf,
  type LetterForm,
  LetterFormFields,
  letterFormErrors,
  sameForm,
  useLetterChoices,
} from "~/components/admin/letters-form";
import {
  isEditable,
  letterStateBadge,
  letterWhen,
  stoppedText,
} from "~/components/admin/letters-format";
import { letterAdminPath, progressRefreshMs } from "~/components/admin/letters-list-screen";
import { LetterPreview } from "~/components/admin/letters-preview";
import { LetterSend } from "~/components/admin/letters-send";
import { Button } from "~/components/ui/button";
import {
  cancelLetter,
  createLetter,
  fetchLetter,
  saveLetter,
  scheduleLetter,
  sendLetter,
  stopLetterSending,
} from "~/lib/admin-api";
import { useMoveToSavedRecord } from "~/lib/screen-key";

const fixFields = "Některé údaje nejsou vyplněné správně. Opravte prosím pole označená červeně.";

const intros = {
  new: "Napište předmět a text. Koncept vidíte jen vy; než ho pošlete, můžete si ho prohlédnout a poslat si zkoušku.",
  draft: "Koncept: zatím ho nikdo nedostal. Až bude hotový, pošlete ho hned, nebo ho naplánujte.",
  cancelled:
    "Naplánované odeslání je zrušené a dopis je zase koncept: můžete ho upravit, poslat nebo naplánovat znovu.",
  scheduled: "Dopis je naplánovaný. Měnit ho jde, až naplánování zrušíte.",
  sending: "Dopis právě odchází odběratelům.",
  sent: "Dopis odešel. Tady vidíte, kolika lidem přišel a kolik se jich pak odhlásilo.",
  stopped: "Odesílání je zastavené. Tady vidíte, kolika lidem dopis přišel, než se zastavilo.",
} as const;

export function LetterScreen({
  email,
  letter: initial,
  confirmedSubscribers,
  lettersPerHour,
}: {
  email: string;
  /** Null: a new letter. */
  letter: LetterJson | null;
  confirmedSubscribers: number;
  lettersPerHour: number;
}) {
  const moveToSaved = useMoveToSavedRecord();
  const choices = useLetterChoices();
  const [letter, setLetter] = useState(initial);
  const [form, setForm] = useState<LetterForm>(() => formOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [scheduleErrors, setScheduleErrors] = useState<Record<string, string>>({});
  // A refusal's fields are the server's names; the form's are its own.
  const { busy, run } = useAdminRun((fields) =>
    setErrors(
      Object.fromEntries(Object.entries(fields).map(([name, text]) => [formFieldOf(name), text])),
    ),
  );
  // The form as last saved: a change since then is saved before a preview, a test or a send.
  const savedForm = useRef(formOf(initial));

  const change = (fields: Partial<LetterForm>) => {
    setForm((current) => ({ ...current, ...fields }));
    // A field she changes is judged again at the next save, not shown refused meanwhile.
    const changed = Object.keys(fields).map(formFieldOf);
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([name]) => !changed.includes(name))),
    );
  };

  // While it goes out, its progress is asked for again every few seconds.
  const sending = letter?.state === "sending";
  const letterId = letter?.id;
  useEffect(() => {
    if (!sending || !letterId) return;
    const timer = setInterval(() => {
      fetchLetter(letterId)
        .then(setLetter)
        .catch(() => {});
    }, progressRefreshMs);
    return () => clearInterval(timer);
  }, [sending, letterId]);

  /** Saves the form when it changed (or when the letter is new); the saved letter, or null. */
  async function saveIfChanged(): Promise<LetterJson | null> {
    if (letter && (!isEditable(letter.state) || sameForm(form, savedForm.current))) return letter;
    const found = letterFormErrors(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      toast.error(fixFields);
      return null;
    }
    const result: { saved: LetterJson | null } = { saved: null };
    await run(async () => {
      const saved = letter
        ? await saveLetter(letter.id, inputOf(form, letter.version))
        : await createLetter(inputOf(form));
      result.saved = saved;
      setLetter(saved);
      savedForm.current = formOf(saved);
      setForm(formOf(saved));
      setErrors({});
    });
    return result.saved;
  }

  async function saveDraft() {
    const saved = await saveIfChanged();
    if (!saved) return;
    toast.success("Koncept je uložený. Zatím ho nikdo nedostal.");
    if (!letter) moveToSaved(letterAdminPath(saved.id));
  }

  async function send() {
    const saved = await saveIfChanged();
    if (!saved) return;
    await run(async () => {
      const sent = await sendLetter(saved.id);
      setLetter(sent);
      toast.success("Dopis se odesílá. Postup vidíte níže.");
    });
  }

  async function schedule(scheduledAt: string) {
    setScheduleErrors({});
    if (!scheduledAt) {
      setScheduleErrors({ scheduledAt: "Vyberte prosím den a čas odeslání." });
      return;
    }
    const saved = await saveIfChanged();
    if (!saved) return;
    await run(
      async () => {
        const scheduled = await scheduleLetter(saved.id, scheduledAt);
        setLetter(scheduled);
        toast.success("Dopis je naplánovaný.");
      },
      // A time refused without a field named (one that has passed) is the day's and time's.
      (fields, message) =>
        setScheduleErrors(Object.keys(fields).length > 0 ? fields : { scheduledAt: message }),
    );
  }

  function cancel() {
    if (!letter) return;
    return run(async () => {
      const cancelled = await cancelLetter(letter.id);
      setLetter(cancelled);
      savedForm.current = formOf(cancelled);
      setForm(formOf(cancelled));
      toast.success("Naplánování je zrušené. Dopis můžete upravit a poslat znovu.");
    });
  }

  function stop() {
    if (!letter) return;
    return run(async () => {
      const stopped = await stopLetterSending(letter.id);
      setLetter(stopped);
      toast.success(stoppedText(stopped.figures));
    });
  }

  const editable = !letter || isEditable(letter.state);
  const title = letter ? letter.subject || "Dopis" : "Nový dopis";

  return (
    <EditorScreen
      email={email}
      parentPath={paths.adminLetters}
      parentName="Dopisy"
      title={title}
      intro={intros[letter?.state ?? "new"]}
    >
      {letter && (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 px-2 sm:px-0">
          <span
            data-state={letter.state}
            className={clsx(
              "rounded-full px-2.5 py-0.5 text-sm font-semibold",
              letterStateBadge[letter.state],
            )}
          >
            {letterStateLabels[letter.state]}
          </span>
          <span className="text-bark-soft">{letterWhen(letter)}</span>
        </p>
      )}
      {editable && (
        <form
          noValidate
          // min-w-0: the editor's toolbar scrolls inside the card instead of widening it.
          className="mt-6 grid max-w-3xl grid-cols-1 gap-5 px-2 sm:px-0 [&>*]:min-w-0"
          onSubmit={(event) => {
            event.preventDefault();
            void saveDraft();
          }}
        >
          <LetterFormFields
            form={form}
            errors={errors}
            busy={busy}
            choices={choices}
            onChange={change}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button type="submit" variant="secondary" disabled={busy}>
              <Save aria-hidden="true" className="size-5" />
              Uložit koncept
            </Button>
            {letter && !sameForm(form, savedForm.current) && (
              <p className="text-sm text-bark-soft">Máte neuložené změny.</p>
            )}
          </div>
        </form>
      )}
      {letter && (
        <LetterPreview
          letterId={letter.id}
          version={letter.version}
          busy={busy}
          prepare={async () => (await saveIfChanged()) !== null}
        />
      )}
      {letter && (
        <LetterSend
          // A new schedule's fields for each state it comes back to.
          key={letter.state}
          letter={letter}
          confirmedSubscribers={confirmedSubscribers}
          lettersPerHour={lettersPerHour}
          busy={busy}
          errors={scheduleErrors}
          onSend={() => void send()}
          onSchedule={(scheduledAt) => void schedule(scheduledAt)}
          onCancel={() => void cancel()}
          onStop={() => void stop()}
        />
      )}
    </EditorScreen>
  );
}
