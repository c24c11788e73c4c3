import { lazy, Suspense, useEffect, useState } from "react";
import type { EventSummaryJson } from "#shared/event-admin";
import { eventPath } from "#shared/events";
import {
  type LetterInputPayload,
  type LetterJson,
  letterInputSchema,
  letterLimits,
  letterMessages,
} from "#shared/newsletter-letters";
import { formatPragueDate } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { ChoiceCards } from "~/components/admin/choice-cards";
import { eventWhen } from "~/components/admin/event-format";
import type { ButtonChoice } from "~/components/admin/letters-button-dialog";
import { usePhotoLibrary } from "~/components/admin/photo-picker";
import { FieldError, SelectField, TextField } from "~/components/ui/form-field";
import { currentAccessToken, fetchArticles, fetchEvents } from "~/lib/admin-api";

const ArticleBodyEditor = lazy(() => import("~/components/admin/article-body-editor"));

/** The form as its fields hold it. */
export type LetterForm = {
  subject: string;
  body: string;
  announceKind: "none" | "article" | "event";
  announceId: string;
};

export function formOf(letter: LetterJson | null): LetterForm {
  return {
    subject: letter?.subject ?? "",
    body: letter?.body ?? "",
    announceKind: letter?.announcement?.kind ?? "none",
    announceId: letter?.announcement?.id ?? "",
  };
}

/** Whether two states of the form would save the same letter. */
export function sameForm(a: LetterForm, b: LetterForm): boolean {
  const announced = (form: LetterForm) =>
    form.announceKind === "none" ? "" : `${form.announceKind} ${form.announceId}`;
  return a.subject === b.subject && a.body === b.body && announced(a) === announced(b);
}

/** What is sent: the fields, and the announcement when one is chosen. */
export function inputOf(form: LetterForm, version?: number): LetterInputPayload {
  return {
    subject: form.subject,
    body: form.body,
    announcement:
      form.announceKind === "none" ? null : { kind: form.announceKind, id: form.announceId },
    ...(version !== undefined && { version }),
  };
}

/** The API's field names (and the form's own) as the field that shows them: one for the announcement. */
export function formFieldOf(name: string): string {
  return name.startsWith("announce") ? "announcement" : name;
}

/** Each field's first message, by the form's own field names. */
export function letterFormErrors(form: LetterForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.announceKind !== "none" && form.announceId === "") {
    errors.announcement = letterMessages.announcement;
  }
  const parsed = letterInputSchema.safeParse(inputOf(form));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    errors[formFieldOf(issue.path.join(".") || "letter")] ??= issue.message;
  }
  return errors;
}

/** Her published articles and upcoming published events: what a letter can announce or lead to. */
export type LetterChoices = { all: ButtonChoice[]; byKind: Record<"article" | "event", Choice[]> };
type Choice = ButtonChoice & { id: string };

/** Loads them once for the screen; null while loading (or when they could not be loaded). */
export function useLetterChoices(): LetterChoices | null {
  const [choices, setChoices] = useState<LetterChoices | null>(null);
  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const token = await currentAccessToken();
        const [{ articles }, events] = await Promise.all([
          fetchArticles(token),
          fetchEvents(token),
        ]);
        const articleChoices: Choice[] = articles
          .filter((article) => article.state === "published")
          .map((article) => ({
            id: article.id,
            kind: "article",
            title: article.title,
            href: `${paths.blog}/${article.slug}`,
            note: article.publish_at ? `zveřejněno ${formatPragueDate(article.publish_at)}` : "",
          }));
        const eventChoices: Choice[] = events.upcoming
          .filter((event: EventSummaryJson) => event.state === "published")
          .map((event) => ({
            id: event.id,
            kind: "event",
            title: event.title,
            href: eventPath(event.slug),
            note: eventWhen(event.startsAt, event.endsAt),
          }));
        if (current) {
          setChoices({
            all: [...articleChoices, ...eventChoices],
            byKind: { article: articleChoices, event: eventChoices },
          });
        }
      } catch {
        if (current) setChoices({ all: [], byKind: { article: [], event: [] } });
      }
    })();
    return () => {
      current = false;
    };
  }, []);
  return choices;
}

const announceChoices = [
  { value: "none", label: "Nic", hint: "Jen váš text." },
  { value: "article", label: "Článek", hint: "S fotkou, nadpisem a tlačítkem na článek." },
  { value: "event", label: "Akci", hint: "S fotkou, datem a tlačítkem na akci." },
] as const;

export function LetterFormFields({
  form,
  errors,
  busy,
  choices,
  onChange,
}: {
  form: LetterForm;
  errors: Record<string, string>;
  busy: boolean;
  choices: LetterChoices | null;
  onChange: (fields: Partial<LetterForm>) => void;
}) {
  const library = usePhotoLibrary();
  const options = form.announceKind === "none" ? [] : (choices?.byKind[form.announceKind] ?? []);
  return (
    <>
      <TextField
        id="letter-subject"
        label="Předmět"
        hint="Co lidé uvidí ve schránce jako první. Stejně se jmenuje i nadpis dopisu."
        value={form.subject}
        error={errors.subject}
        disabled={busy}
        maxLength={letterLimits.subject * 2}
        onChange={(event) => onChange({ subject: event.target.value })}
      />
      <div>
        <p id="letter-body-label" className="font-semibold text-bark">
          Text dopisu
        </p>
        <Suspense
          fallback={
            <p className="mt-2 rounded-2xl bg-white px-4 py-3 text-bark-soft">Editor se načítá…</p>
          }
        >
          <ArticleBodyEditor
            id="letter-body"
            html={form.body}
            disabled={busy}
            invalid={Boolean(errors.body)}
            describedBy={errors.body ? "letter-body-error" : undefined}
            onChange={(body) => onChange({ body })}
            library={library}
            buttonChoices={choices?.all ?? null}
          />
        </Suspense>
        <FieldError id="letter-body" error={errors.body} />
      </div>
      <ChoiceCards
        legend="Ohlásit v dopise"
        description="Pod textem dopisu se může ukázat váš zveřejněný článek nebo nadcházející akce."
        name="letter-announce-kind"
        choices={announceChoices}
        value={form.announceKind}
        disabled={busy}
        onChange={(announceKind) => onChange({ announceKind, announceId: "" })}
        columnsClass="sm:grid-cols-3"
      />
      {form.announceKind !== "none" && (
        <SelectField
          id="letter-announcement"
          label={form.announceKind === "article" ? "Který článek" : "Která akce"}
          hint={
            choices !== null && options.length === 0
              ? form.announceKind === "article"
                ? "Zatím nemáte žádný zveřejněný článek."
                : "Zatím nemáte žádnou zveřejněnou nadcházející akci."
              : undefined
          }
          value={form.announceId}
          error={errors.announcement}
          disabled={busy || choices === null}
          onChange={(event) => onChange({ announceId: event.target.value })}
        >
          <option value="">Vyberte…</option>
          {options.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.note ? `${choice.title} (${choice.note})` : choice.title}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}
