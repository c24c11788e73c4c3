import { ArrowRight, Clock, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  type BookingSettings,
  bookingSettingsMessages,
  type ConfirmationMode,
  gridMinutesValues,
  type TimeRange,
} from "#shared/booking-settings";
import { weekdayOf } from "#shared/booking-time";
import type { Offer } from "#shared/content/content-schemas";
import { formatPragueDate, pragueDay } from "#shared/prague-time";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import { CalendarFeedBlock } from "~/components/admin/booking-settings-feed";
import { cardClasses, RangesEditor } from "~/components/admin/booking-settings-parts";
import { contentPath } from "~/components/admin/content-editor";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";
import { AdminApiError, saveBookingSettings } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

export type BookingSettingsData = {
  settings: BookingSettings;
  offers: readonly Offer[];
  feedAddress: string | null;
};

export const bookingSettingsNotices = {
  saved: "Pravidla jsou uložená. Volné termíny na webu se podle nich řídí hned.",
  refused: "Pravidla nejsou uložená: opravte prosím označená pole.",
  failed: "Pravidla se nepodařilo uložit. Zkuste to prosím znovu.",
  /** The API's notice field is in minutes; her editor asks for hours. */
  noticeHours: `Nejkratší předstih zadejte v hodinách, od 0 do ${7 * 24}.`,
  loadFailed: "Pravidla se nepodařilo načíst. Obnovte prosím stránku.",
} as const;

/** Sunday first, as the settings keep them (`Date.getUTCDay`). */
const weekdayNames = ["neděle", "pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota"];
/** Her week, as a Czech calendar shows it: Monday first. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

const gridLabels: Record<(typeof gridMinutesValues)[number], string> = {
  15: "každou čtvrthodinu",
  20: "každých 20 minut",
  30: "každou půlhodinu",
  60: "každou celou hodinu",
};

const confirmationLabels: Record<ConfirmationMode, string> = {
  by_her: "Čeká na vaše potvrzení",
  automatic: "Potvrdí se automaticky",
};

type Exception = BookingSettings["exceptions"][number];

/** What she edits: the settings, with the numbers as she types them. */
type Draft = {
  weekly: TimeRange[][];
  exceptions: Exception[];
  bufferMinutes: string;
  noticeHours: string;
  horizonDays: string;
  gridMinutes: string;
  cancelHours: string;
  confirmation: BookingSettings["confirmation"];
};

function toDraft(settings: BookingSettings): Draft {
  return {
    weekly: settings.weekly.map((ranges) => [...ranges]),
    exceptions: [...settings.exceptions].sort((a, b) => a.day.localeCompare(b.day)),
    bufferMinutes: String(settings.bufferMinutes),
    noticeHours: String(settings.noticeMinutes / 60).replace(".", ","),
    horizonDays: String(settings.horizonDays),
    gridMinutes: String(settings.gridMinutes),
    cancelHours: String(settings.cancelHours),
    confirmation: { ...settings.confirmation },
  };
}

/** „1,5“ → 1.5; empty or not a number: NaN, which the API refuses with the field's message. */
function typedNumber(text: string): number {
  const value = text.trim().replace(",", ".");
  return value === "" ? Number.NaN : Number(value);
}

function toSettings(draft: Draft): BookingSettings {
  return {
    weekly: draft.weekly,
    exceptions: draft.exceptions,
    bufferMinutes: typedNumber(draft.bufferMinutes),
    noticeMinutes: Math.round(typedNumber(draft.noticeHours) * 60),
    horizonDays: typedNumber(draft.horizonDays),
    gridMinutes: typedNumber(draft.gridMinutes) as BookingSettings["gridMinutes"],
    cancelHours: typedNumber(draft.cancelHours),
    confirmation: draft.confirmation,
  };
}

/** „čtvrtek 24. 12. 2026“ */
function describeDay(day: string): string {
  return `${weekdayNames[weekdayOf(day)]} ${formatPragueDate(new Date(`${day}T12:00:00Z`))}`;
}

/** A refusal's fields, with the notice asked in hours rather than the API's minutes. */
function fieldErrors(error: AdminApiError): Record<string, string> {
  const fields = { ...error.fields };
  if (fields.noticeMinutes) fields.noticeMinutes = bookingSettingsNotices.noticeHours;
  return Object.keys(fields).length > 0 ? fields : { form: error.message };
}

/**
 * „Pracovní doba a pravidla“: her week, the exceptions by date, the pause, notice, horizon, grid
 * and cancel deadline, and per offer how a booking is confirmed; then her calendar feed. Saved
 * whole; a refusal marks each field with the API's Czech message and changes nothing.
 */
export function BookingSettingsScreen({
  email,
  data,
}: {
  email: string;
  data: BookingSettingsData | null;
}) {
  return (
    <AdminFrame email={email}>
      {data === null ? (
        <p className="mt-6 text-terracotta-dark" role="alert">
          {typeset(bookingSettingsNotices.loadFailed)}
        </p>
      ) : (
        <>
          <BookingRulesForm settings={data.settings} offers={data.offers} />
          <CalendarFeedBlock initialAddress={data.feedAddress} />
        </>
      )}
    </AdminFrame>
  );
}

function BookingRulesForm({
  settings,
  offers,
}: {
  settings: BookingSettings;
  offers: readonly Offer[];
}) {
  const [draft, setDraft] = useState(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  function change(update: Partial<Draft>, clear: (field: string) => boolean) {
    setDraft((current) => ({ ...current, ...update }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !clear(field))),
    );
  }
  const setWeekday = (weekday: number, ranges: TimeRange[]) =>
    change(
      { weekly: draft.weekly.map((day, at) => (at === weekday ? ranges : day)) },
      (field) => field === `weekly.${weekday}` || field === "weekly",
    );
  // An exception's refusal is named by its place in the list, which adding or removing one moves.
  const setExceptions = (exceptions: Exception[]) =>
    change({ exceptions }, (field) => field.startsWith("exceptions"));
  const setNumber = (name: keyof Draft, field: string) => (value: string) =>
    change({ [name]: value }, (named) => named === field);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const saved = await saveBookingSettings(toSettings(draft));
      setDraft(toDraft(saved));
      setErrors({});
      toast.success(bookingSettingsNotices.saved);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 422) {
        setErrors(fieldErrors(error));
        toast.error(bookingSettingsNotices.refused);
      } else {
        toast.error(
          error instanceof AdminApiError && error.status < 500
            ? error.message
            : bookingSettingsNotices.failed,
        );
      }
    } finally {
      setSaving(false);
    }
  }

  const refused = Object.keys(errors).length > 0;

  return (
    <AdminSection
      headingId="booking-rules-heading"
      icon={Clock}
      title="Pracovní doba a pravidla"
      intro="Kdy si u vás lze rezervovat setkání: časy v týdnu, výjimky a lhůty. Všechny časy jsou pražské."
    >
      <form onSubmit={save} noValidate className="mt-5 grid gap-5">
        <section aria-labelledby="weekly-heading" className={cardClasses}>
          <h3 id="weekly-heading" className="text-xl font-semibold text-bark">
            Týdenní pracovní doba
          </h3>
          <p className="mt-1 text-bark-soft">
            {typeset("Den bez časů je zavřený. Jeden den může mít i několik časů.")}
          </p>
          <ul className="mt-4 divide-y divide-bark/10">
            {weekOrder.map((weekday) => {
              const name = weekdayNames[weekday] ?? "";
              return (
                <li
                  key={weekday}
                  className="grid gap-2 py-3 sm:grid-cols-[9rem_1fr] sm:items-start"
                  data-weekday={weekday}
                >
                  <h4 className="pt-2 font-semibold text-bark capitalize">{name}</h4>
                  <RangesEditor
                    label={name}
                    ranges={draft.weekly[weekday] ?? []}
                    onChange={(ranges) => setWeekday(weekday, ranges)}
                    emptyText="Zavřeno"
                    error={errors[`weekly.${weekday}`]}
                  />
                </li>
              );
            })}
          </ul>
        </section>

        <ExceptionsCard exceptions={draft.exceptions} onChange={setExceptions} errors={errors} />

        <section aria-labelledby="limits-heading" className={cardClasses}>
          <h3 id="limits-heading" className="text-xl font-semibold text-bark">
            Lhůty a rozestupy
          </h3>
          <div className="mt-4 grid gap-5 sm:grid-cols-2">
            <TextField
              id="booking-buffer"
              label="Pauza po setkání (minuty)"
              hint="Než může začít další setkání."
              inputMode="numeric"
              value={draft.bufferMinutes}
              onChange={(event) => setNumber("bufferMinutes", "bufferMinutes")(event.target.value)}
              error={errors.bufferMinutes}
            />
            <TextField
              id="booking-notice"
              label="Nejkratší předstih (hodiny)"
              hint="Jak nejpozději před začátkem si lze setkání rezervovat."
              inputMode="decimal"
              value={draft.noticeHours}
              onChange={(event) => setNumber("noticeHours", "noticeMinutes")(event.target.value)}
              error={errors.noticeMinutes}
            />
            <TextField
              id="booking-horizon"
              label="Rezervace dopředu (dny)"
              hint="Kolik dní dopředu web nabízí volné termíny; dnešek je první."
              inputMode="numeric"
              value={draft.horizonDays}
              onChange={(event) => setNumber("horizonDays", "horizonDays")(event.target.value)}
              error={errors.horizonDays}
            />
            <TextField
              id="booking-cancel"
              label="Zrušení nejpozději (hodiny předem)"
              hint="Do té doby lze rezervaci zrušit odkazem z e-mailu."
              inputMode="numeric"
              value={draft.cancelHours}
              onChange={(event) => setNumber("cancelHours", "cancelHours")(event.target.value)}
              error={errors.cancelHours}
            />
            <SelectField
              id="booking-grid"
              label="Začátky setkání"
              hint="Počítají se od začátku každého času v daném dni, například 9:00, 9:30, 10:00…"
              value={draft.gridMinutes}
              onChange={(event) => setNumber("gridMinutes", "gridMinutes")(event.target.value)}
              error={errors.gridMinutes}
              className="sm:col-span-2"
            >
              {gridMinutesValues.map((value) => (
                <option key={value} value={value}>
                  {gridLabels[value]}
                </option>
              ))}
            </SelectField>
          </div>
        </section>

        <section aria-labelledby="confirmation-heading" className={cardClasses}>
          <h3 id="confirmation-heading" className="text-xl font-semibold text-bark">
            Potvrzování rezervací
          </h3>
          <p className="mt-1 max-w-3xl text-bark-soft">
            {typeset(
              "Zda se dá službu rezervovat, jak dlouho trvá, kde probíhá a kolik stojí, upravíte v části „Obsah“ → „Nabídka“.",
            )}
          </p>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {offers.map((offer) => (
              <OfferConfirmation
                key={offer.id}
                offer={offer}
                mode={draft.confirmation[offer.id] ?? "by_her"}
                error={errors[`confirmation.${offer.id}`]}
                onChange={(mode) =>
                  change(
                    { confirmation: { ...draft.confirmation, [offer.id]: mode } },
                    (field) => field === `confirmation.${offer.id}` || field === "confirmation",
                  )
                }
              />
            ))}
          </ul>
        </section>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-bark/10 bg-cream/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:backdrop-blur-none">
          <Button type="submit" aria-busy={saving}>
            {saving ? "Ukládám…" : "Uložit pravidla"}
          </Button>
          {refused && (
            <p role="alert" className="font-semibold text-terracotta-dark">
              {typeset(errors.form ?? bookingSettingsNotices.refused)}
            </p>
          )}
        </div>
      </form>
    </AdminSection>
  );
}

function ExceptionsCard({
  exceptions,
  onChange,
  errors,
}: {
  exceptions: readonly Exception[];
  onChange: (exceptions: Exception[]) => void;
  errors: Record<string, string>;
}) {
  const today = pragueDay(new Date());
  const [day, setDay] = useState("");
  const [addError, setAddError] = useState<string>();

  function add(ranges: TimeRange[]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setAddError(bookingSettingsMessages.day);
    if (day < today) return setAddError(bookingSettingsMessages.pastException);
    if (exceptions.some((exception) => exception.day === day)) {
      return setAddError(bookingSettingsMessages.dayTwice);
    }
    setAddError(undefined);
    setDay("");
    onChange([...exceptions, { day, ranges }].sort((a, b) => a.day.localeCompare(b.day)));
  }

  return (
    <section aria-labelledby="exceptions-heading" className={cardClasses}>
      <h3 id="exceptions-heading" className="text-xl font-semibold text-bark">
        Výjimky
      </h3>
      <p className="mt-1 max-w-3xl text-bark-soft">
        {typeset(
          "Dny, kdy platí jiné časy než obvykle: dovolená, svátek, nebo hodiny navíc. Minulé výjimky samy zmizí.",
        )}
      </p>
      {errors.exceptions && (
        <p className="mt-2 font-semibold text-terracotta-dark">{errors.exceptions}</p>
      )}
      {exceptions.length === 0 ? (
        <p className="mt-4 text-bark-soft">Zatím žádné výjimky.</p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {exceptions.map((exception, index) => {
            const name = describeDay(exception.day);
            return (
              <li
                key={exception.day}
                className="rounded-3xl bg-cream/70 p-4 ring-1 ring-bark/10"
                data-exception={exception.day}
              >
                <div className="flex items-center justify-between gap-2">
                  <h4 className="font-semibold text-bark">{name}</h4>
                  <button
                    type="button"
                    onClick={() => onChange(exceptions.filter((_, at) => at !== index))}
                    className="grid size-11 shrink-0 place-items-center rounded-full text-bark-soft hover:bg-sand/60 hover:text-bark"
                    aria-label={`Odebrat výjimku ${name}`}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                </div>
                <div className="mt-1">
                  <RangesEditor
                    label={name}
                    ranges={exception.ranges}
                    onChange={(ranges) =>
                      onChange(
                        exceptions.map((other, at) =>
                          at === index ? { ...other, ranges } : other,
                        ),
                      )
                    }
                    emptyText="Volno celý den"
                    error={errors[`exceptions.${index}`]}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-5 grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <TextField
          id="exception-day"
          label="Datum výjimky"
          type="date"
          min={today}
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setAddError(undefined);
          }}
          error={addError}
          className="sm:w-56"
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => add([])}>
            Přidat volný den
          </Button>
          <Button variant="secondary" onClick={() => add([{ from: "9:00", to: "12:00" }])}>
            Přidat jiné časy
          </Button>
        </div>
      </div>
    </section>
  );
}

function OfferConfirmation({
  offer,
  mode,
  error,
  onChange,
}: {
  offer: Offer;
  mode: ConfirmationMode;
  error?: string;
  onChange: (mode: ConfirmationMode) => void;
}) {
  const bookable = offer.bookable && offer.shown && offer.durationMinutes !== null;
  const id = `confirmation-${offer.id}`;
  return (
    <li className="rounded-3xl bg-cream/70 p-4 ring-1 ring-bark/10">
      <h4 className="font-semibold text-bark">{typeset(offer.name)}</h4>
      <p className="mt-1 text-sm text-bark-soft">
        {bookable
          ? typeset(`Na webu se dá rezervovat, trvá ${offer.durationMinutes} minut.`)
          : typeset("Na webu se teď rezervovat nedá.")}{" "}
        <Link
          to={contentPath("offers", offer.id)}
          className="inline-flex items-center gap-1 font-semibold text-moss-dark underline underline-offset-4"
        >
          Upravit v Nabídce
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
      <SelectField
        id={id}
        label="Nová rezervace"
        value={mode}
        onChange={(event) => onChange(event.target.value as ConfirmationMode)}
        error={error}
        className="mt-3"
      >
        {(Object.keys(confirmationLabels) as ConfirmationMode[]).map((value) => (
          <option key={value} value={value}>
            {confirmationLabels[value]}
          </option>
        ))}
      </SelectField>
    </li>
  );
}
