/**
 * Her event's fields, phone first: title, description in the articles' editor (loaded only
 * here), a photo from her library, the day and times in Prague, the place (an address or
 * online), the price or free, the places, the sign-up deadline and the waiting list. Checked
 * with the shared schema before it is sent; the server checks again and answers field by field.
 */
import { lazy, Suspense } from "react";
import { fromPragueLocal, toPragueLocal } from "#shared/content/article-time";
import { type EventInputPayload, eventInputSchema, eventLimits } from "#shared/events-schemas";
import { type Choice, ChoiceCards } from "~/components/admin/choice-cards";
import { PhotoPicker, usePhotoLibrary } from "~/components/admin/photo-picker";
import { FieldError, TextField } from "~/components/ui/form-field";
import { typeset } from "~/lib/typography";

const placeChoices: Choice<"address" | "online">[] = [
  { value: "address", label: "Na adrese", hint: "Na stránce bude i odkaz na mapu." },
  { value: "online", label: "Online", hint: "Odkaz na připojení pošlete e-mailem." },
];

const ArticleBodyEditor = lazy(() => import("~/components/admin/article-body-editor"));

/** The form as its fields hold it: Prague's day and times as the date and time fields write them. */
export type EventForm = {
  title: string;
  slug: string;
  description: string;
  photoId: string | null;
  day: string;
  startTime: string;
  endTime: string;
  /** Empty: sign-ups are open until the start. */
  deadlineLocal: string;
  placeKind: "address" | "online";
  address: string;
  onlineNote: string;
  /** Empty: free of charge. */
  price: string;
  capacity: string;
  maxPlaces: string;
  waitingList: boolean;
};

/** What the form starts from: an event as the API answers it, or nothing (a new one). */
export type EventFields = {
  title: string;
  slug: string;
  description: string;
  photoId: string | null;
  startsAt: string;
  endsAt: string;
  signupDeadline: string;
  placeKind: "address" | "online";
  address: string | null;
  onlineNote: string | null;
  priceCzk: number | null;
  capacity: number;
  maxPlacesPerSignup: number;
  waitingList: boolean;
};

export function formOf(event: EventFields | null): EventForm {
  if (!event) {
    return {
      title: "",
      slug: "",
      description: "",
      photoId: null,
      day: "",
      startTime: "18:00",
      endTime: "20:00",
      deadlineLocal: "",
      placeKind: "address",
      address: "",
      onlineNote: "",
      price: "",
      capacity: "12",
      maxPlaces: "1",
      waitingList: true,
    };
  }
  const start = toPragueLocal(new Date(event.startsAt));
  const end = toPragueLocal(new Date(event.endsAt));
  return {
    title: event.title,
    slug: event.slug,
    description: event.description,
    photoId: event.photoId,
    day: start.slice(0, 10),
    startTime: start.slice(11),
    endTime: end.slice(11),
    deadlineLocal:
      event.signupDeadline === event.startsAt ? "" : toPragueLocal(new Date(event.signupDeadline)),
    placeKind: event.placeKind,
    address: event.address ?? "",
    onlineNote: event.onlineNote ?? "",
    price: event.priceCzk === null ? "" : String(event.priceCzk),
    capacity: String(event.capacity),
    maxPlaces: String(event.maxPlacesPerSignup),
    waitingList: event.waitingList,
  };
}

/** A number field's value as a number (what the schema then judges), or its text when it is not one. */
function numberOf(text: string): number | string {
  const trimmed = text.trim().replace(/\s/g, "");
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const moment = (day: string, time: string) => fromPragueLocal(`${day}T${time}`)?.toISOString();

/** What is sent: Prague's day and times as instants, the price and places as numbers. */
export function inputOf(form: EventForm): EventInputPayload {
  const price = form.price.trim();
  const deadline = form.deadlineLocal ? fromPragueLocal(form.deadlineLocal) : undefined;
  return {
    title: form.title,
    ...(form.slug.trim() && { slug: form.slug.trim() }),
    description: form.description,
    photoId: form.photoId,
    startsAt: moment(form.day, form.startTime) ?? "",
    endsAt: moment(form.day, form.endTime) ?? "",
    ...(deadline && { signupDeadline: deadline.toISOString() }),
    placeKind: form.placeKind,
    address: form.placeKind === "address" ? form.address : null,
    onlineNote: form.placeKind === "online" ? form.onlineNote : null,
    priceCzk: price === "" ? null : (numberOf(price) as number),
    capacity: numberOf(form.capacity) as number,
    maxPlacesPerSignup: numberOf(form.maxPlaces) as number,
    waitingList: form.waitingList,
  };
}

/** Each field's first message, by the form's own field names. */
export function eventFormErrors(form: EventForm): Record<string, string> {
  const errors: Record<string, string> = {};
  const noDay = !/^\d{4}-\d{2}-\d{2}$/.test(form.day);
  if (noDay) errors.day = "Vyberte prosím den akce.";
  const parsed = eventInputSchema.safeParse(inputOf(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join(".") || "event");
      // Without a day the times make no moment: the day's own message says what is missing,
      // not „Zadejte prosím začátek akce“ under a time that is filled in.
      if (noDay && (field === "startTime" || field === "endTime")) continue;
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

/** The API's field names on the form's (the times are the day's fields there). */
export function formFieldOf(name: string): string {
  const names: Record<string, string> = {
    startsAt: "startTime",
    endsAt: "endTime",
    signupDeadline: "deadlineLocal",
    priceCzk: "price",
    maxPlacesPerSignup: "maxPlaces",
  };
  return names[name] ?? name;
}

export function EventFormFields({
  form,
  errors,
  busy,
  onChange,
}: {
  form: EventForm;
  errors: Record<string, string>;
  busy: boolean;
  onChange: (fields: Partial<EventForm>) => void;
}) {
  const library = usePhotoLibrary();
  return (
    <>
      <TextField
        id="event-title"
        label="Název akce"
        value={form.title}
        error={errors.title}
        disabled={busy}
        maxLength={eventLimits.title * 2}
        onChange={(event) => onChange({ title: event.target.value })}
      />
      <div>
        <p id="event-description-label" className="font-semibold text-bark">
          Popis
        </p>
        <Suspense
          fallback={
            <p className="mt-2 rounded-2xl bg-white px-4 py-3 text-bark-soft">Editor se načítá…</p>
          }
        >
          <ArticleBodyEditor
            id="event-description"
            html={form.description}
            disabled={busy}
            invalid={Boolean(errors.description)}
            describedBy={errors.description ? "event-description-error" : undefined}
            onChange={(description) => onChange({ description })}
            library={library}
          />
        </Suspense>
        <FieldError id="event-description" error={errors.description} />
      </div>
      <div>
        {library.photos && library.photos.length > 0 && (
          <PhotoPicker
            name="event-photo"
            legend="Fotka"
            photos={library.photos}
            value={form.photoId}
            onChange={(photoId) => onChange({ photoId })}
            none={{ label: "Bez fotky" }}
            missingNote="Vybraná fotka už v knihovně není; stránka akce je teď bez fotky."
            disabled={busy}
          />
        )}
        {/* The server's `photo_missing` (deleted from her library meanwhile), by the photos. */}
        <FieldError id="event-photo" error={errors.photoId} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold text-bark">Kdy</legend>
        <TextField
          id="event-day"
          type="date"
          label="Den"
          value={form.day}
          error={errors.day}
          disabled={busy}
          onChange={(event) => onChange({ day: event.target.value })}
        />
        <TextField
          id="event-start"
          type="time"
          label="Začátek"
          value={form.startTime}
          error={errors.startTime}
          disabled={busy}
          onChange={(event) => onChange({ startTime: event.target.value })}
        />
        <TextField
          id="event-end"
          type="time"
          label="Konec"
          value={form.endTime}
          error={errors.endTime}
          disabled={busy}
          onChange={(event) => onChange({ endTime: event.target.value })}
        />
      </fieldset>
      <ChoiceCards
        legend="Kde"
        name="event-place-kind"
        choices={placeChoices}
        value={form.placeKind}
        disabled={busy}
        onChange={(placeKind) => onChange({ placeKind })}
        columnsClass="sm:grid-cols-2"
      />
      {form.placeKind === "address" ? (
        <TextField
          id="event-address"
          label="Adresa"
          hint="Například Lipová 12, Brno."
          value={form.address}
          error={errors.address}
          disabled={busy}
          autoComplete="street-address"
          onChange={(event) => onChange({ address: event.target.value })}
        />
      ) : (
        <TextField
          id="event-online-note"
          label="Poznámka k online setkání"
          optional
          hint="Například: Přes Zoom, odkaz pošlu den předem."
          value={form.onlineNote}
          error={errors.onlineNote}
          disabled={busy}
          onChange={(event) => onChange({ onlineNote: event.target.value })}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="event-price"
          label="Cena v Kč"
          optional
          hint="Prázdné pole: akce je zdarma."
          inputMode="numeric"
          value={form.price}
          error={errors.price}
          disabled={busy}
          onChange={(event) => onChange({ price: event.target.value })}
        />
        <TextField
          id="event-capacity"
          label="Počet míst"
          inputMode="numeric"
          value={form.capacity}
          error={errors.capacity}
          disabled={busy}
          onChange={(event) => onChange({ capacity: event.target.value })}
        />
        <TextField
          id="event-max-places"
          label="Míst na jednu přihlášku"
          hint="1: každý se přihlašuje sám."
          inputMode="numeric"
          value={form.maxPlaces}
          error={errors.maxPlaces}
          disabled={busy}
          onChange={(event) => onChange({ maxPlaces: event.target.value })}
        />
      </div>
      <TextField
        id="event-deadline"
        type="datetime-local"
        label="Přihlašování končí"
        optional
        hint="Prázdné pole: přihlásit se jde až do začátku akce."
        value={form.deadlineLocal}
        error={errors.deadlineLocal}
        disabled={busy}
        onChange={(event) => onChange({ deadlineLocal: event.target.value })}
      />
      {/* Not the forms' CheckboxField: that one is a required consent. */}
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-bark">
        <input
          id="event-waiting-list"
          type="checkbox"
          checked={form.waitingList}
          disabled={busy}
          onChange={(event) => onChange({ waitingList: event.target.checked })}
          className="mt-px size-5 shrink-0 cursor-pointer rounded accent-moss"
        />
        <span>{typeset("Když se místa zaplní, mohou se lidé zapsat na čekací listinu")}</span>
      </label>
    </>
  );
}
