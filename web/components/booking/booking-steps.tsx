import { zodResolver } from "@hookform/resolvers/zod";
import { clsx } from "clsx";
import { CalendarCheck, CalendarHeart, CircleAlert, Clock, MapPin, Wallet } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLoaderData } from "react-router";
import {
  type BookingRequestPayload,
  bookingMessages,
  bookingRateLimitedMessage,
  bookingRequestSchema,
  type FreeDayJson,
} from "#shared/booking-schemas";
import { wholeDate } from "#shared/booking-words";
import { honeypotField, limits, sendFailedMessage } from "#shared/form-schemas";
import { formatPragueLong, ownerTimeZone } from "#shared/prague-time";
import { paths } from "#shared/routes";
import {
  type BookableOfferView,
  type BookingAnswer,
  type BookingField,
  type BookingFormValues,
  type BookingPageData,
  emptyBookingValues,
} from "~/components/booking/booking-data";
import { FreeTimes, formatFreeDay } from "~/components/booking/free-times";
import { ConsentLabel } from "~/components/forms/consent-label";
import { emailInputProps, HoneypotField, SubmitButton } from "~/components/forms/form-parts";
import { submittedValueProps } from "~/components/forms/submitted-form";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { Spinner } from "~/components/ui/spinner";
import { WriteToMeLink } from "~/components/write-to-me-link";
import { typeset } from "~/lib/typography";

/** The consent the booking asks for, as the other forms word theirs. */
const consent = "Souhlasím se zpracováním osobních údajů za účelem vyřízení rezervace.";
const idPrefix = "booking";
const stepsHeadingId = "booking-times-heading";

/** Refusals that ask to write to her („Napište mi prosím.“): the way to follows them. */
const asksToWrite: readonly string[] = [
  bookingMessages.offerNotBookable,
  bookingRateLimitedMessage,
];

/** The free times as the API gives them, asked for at every choice (never cached). */
type Times = { state: "loading" } | { state: "failed" } | { state: "ready"; days: FreeDayJson[] };

async function fetchFreeTimes(offerId: string): Promise<FreeDayJson[]> {
  const response = await fetch(`/api/booking/free-times?offer=${encodeURIComponent(offerId)}`, {
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`free times: HTTP ${response.status}`);
  return ((await response.json()) as { days: FreeDayJson[] }).days;
}

/**
 * The booking's three steps: the offer, then its free days and times with her details, then
 * the booking made. With scripts the times come from the API and the booking goes as JSON;
 * without them the offer is a GET and the form a post to /rezervace, which the server answers
 * with this page rendered per request (`answer`).
 */
export function BookingSteps() {
  const { texts, offers, answer } = useLoaderData<BookingPageData>();
  const [done, setDone] = useState(answer?.step === "done" ? answer : undefined);
  const [offerId, setOfferId] = useState(answer?.step === "times" ? answer.offerId : undefined);
  const [times, setTimes] = useState<Times | undefined>(
    answer?.step === "times" ? { state: "ready", days: answer.days } : undefined,
  );
  const [notice, setNotice] = useState(answer?.step === "times" ? answer.notice : undefined);
  const timesHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const chosenNow = useRef(false);

  /** The offer's free times; after a refusal, the form and what was typed stay while they load. */
  async function showTimes(id: string, message?: string) {
    setNotice(message);
    if (!message) setTimes({ state: "loading" });
    try {
      setTimes({ state: "ready", days: await fetchFreeTimes(id) });
    } catch (error) {
      console.error("The free times could not be read", error);
      setTimes({ state: "failed" });
    }
  }

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A choice made before this code had loaded is sent again by LoadOnUse without its
    // button, which it has focused instead (its twin in the markup had the focus).
    const submitter = (event.nativeEvent as SubmitEvent).submitter ?? document.activeElement;
    const id =
      submitter instanceof HTMLButtonElement && event.currentTarget.contains(submitter)
        ? submitter.value
        : undefined;
    if (!id || !offers.some((offer) => offer.id === id)) return;
    chosenNow.current = true;
    setOfferId(id);
    void showTimes(id);
  }

  useEffect(() => {
    if (offerId && chosenNow.current) {
      chosenNow.current = false;
      timesHeading.current?.focus();
    }
  }, [offerId]);
  useEffect(() => {
    if (done && answer?.step !== "done") doneHeading.current?.focus();
  }, [done, answer]);

  if (done) {
    return (
      <section aria-labelledby="booking-done-heading" className="bg-cream px-5 pb-20 sm:px-8">
        <div className="mx-auto max-w-2xl rounded-[1.75rem] bg-white/85 p-6 text-center shadow-soft ring-1 ring-bark/8 sm:p-10">
          <CalendarCheck aria-hidden="true" className="mx-auto size-10 text-moss-dark" />
          <h2
            id="booking-done-heading"
            ref={doneHeading}
            tabIndex={-1}
            className="mt-4 text-3xl font-semibold text-bark"
          >
            {typeset(
              done.state === "confirmed" ? texts.done.confirmedHeading : texts.done.pendingHeading,
            )}
          </h2>
          {done.startsAt && (
            <p className="mt-4 text-xl font-semibold text-moss-dark">
              {wholeDate(formatPragueLong(done.startsAt))}
            </p>
          )}
          <p className="mt-4 text-lg leading-relaxed text-pretty text-bark-soft">
            {typeset(texts.done.mailNote)}
          </p>
        </div>
      </section>
    );
  }

  const offer = offers.find((found) => found.id === offerId);
  return (
    <>
      <section
        aria-labelledby="booking-offers-heading"
        className="bg-cream px-5 pb-12 sm:px-8 sm:pb-16"
      >
        <div className="mx-auto max-w-6xl">
          <h2
            id="booking-offers-heading"
            className="text-center text-3xl font-semibold text-bark sm:text-4xl"
          >
            {typeset(texts.steps.offersHeading)}
          </h2>
          {offers.length === 0 ? (
            <div className="mx-auto mt-6 max-w-2xl text-center">
              <p className="text-lg text-pretty text-bark-soft">{typeset(texts.steps.empty)}</p>
              <WriteToMeLink />
            </div>
          ) : (
            <form
              method="get"
              action={paths.booking}
              onSubmit={choose}
              className="mx-auto mt-10 grid max-w-4xl gap-6 sm:grid-cols-2"
            >
              {offers.map((item) => (
                <OfferCard key={item.id} offer={item} chosen={item.id === offerId} />
              ))}
            </form>
          )}
        </div>
      </section>
      {offer && times && (
        <section
          aria-labelledby={stepsHeadingId}
          className="bg-sand/60 px-5 py-16 sm:px-8 sm:py-20"
        >
          <div className="mx-auto max-w-3xl">
            <h2
              id={stepsHeadingId}
              ref={timesHeading}
              tabIndex={-1}
              className="text-3xl font-semibold text-bark sm:text-4xl"
            >
              {typeset(texts.steps.timesHeading)}
            </h2>
            <p className="mt-3 text-lg text-pretty text-bark-soft">
              {typeset(`${offer.name}, ${offer.length}. ${texts.steps.timesHint}`)}
            </p>
            {notice && <Notice message={notice} focus={answer?.step === "times"} />}
            {notice && asksToWrite.includes(notice) && <WriteToMeLink />}
            {times.state === "loading" && <Spinner label="Hledám volné časy…" className="mt-10" />}
            {times.state === "failed" && <Notice message={sendFailedMessage} />}
            {times.state === "ready" &&
              (times.days.length === 0 ? (
                <div className="mt-8">
                  <p className="text-lg text-pretty text-bark">{typeset(texts.steps.empty)}</p>
                  <WriteToMeLink />
                </div>
              ) : (
                <BookingForm
                  key={offer.id}
                  offer={offer}
                  days={times.days}
                  detailsHeading={texts.steps.detailsHeading}
                  answer={answer?.step === "times" ? answer : undefined}
                  onBooked={setDone}
                  onTaken={(message) => showTimes(offer.id, message)}
                  onRefused={setNotice}
                />
              ))}
          </div>
        </section>
      )}
    </>
  );
}

function OfferCard({ offer, chosen }: { offer: BookableOfferView; chosen: boolean }) {
  return (
    <article
      id={`nabidka-${offer.id}`}
      className={clsx(
        "flex flex-col rounded-[2rem] bg-white/85 p-6 shadow-soft sm:p-7",
        chosen ? "ring-3 ring-moss" : "ring-1 ring-bark/8",
      )}
    >
      <h3 className="text-2xl font-semibold text-bark">{offer.name}</h3>
      <ul className="mt-4 mb-6 space-y-2 text-bark-soft">
        <li className="flex items-center gap-2.5">
          <Clock aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
          {typeset(`Délka: ${offer.length}`)}
        </li>
        <li className="flex items-center gap-2.5">
          <MapPin aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
          {typeset(`Kde: ${offer.places}`)}
        </li>
        {offer.price && (
          <li className="flex items-center gap-2.5">
            <Wallet aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
            {`Cena: ${offer.price}`}
          </li>
        )}
      </ul>
      <button
        type="submit"
        id={`nabidka-${offer.id}-vybrat`}
        name="nabidka"
        value={offer.id}
        aria-label={`Vybrat termín – ${offer.name}`}
        className="mt-auto inline-flex min-h-12 items-center justify-center gap-2 self-start rounded-full bg-moss-dark px-6 text-[1.0625rem] font-semibold text-cream transition-colors hover:bg-moss"
      >
        <CalendarHeart aria-hidden="true" className="size-5" />
        Vybrat termín
      </button>
    </article>
  );
}

function Notice({ message, focus }: { message: string; focus?: boolean }) {
  return (
    <p
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: only on the page that answers a refused post
      autoFocus={focus}
      className="mt-6 flex items-start gap-3 rounded-2xl border border-terracotta-dark/40 bg-[#fbeee6] px-4 py-3.5 text-base font-medium leading-snug text-bark"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-terracotta-dark" />
      <span>{typeset(message)}</span>
    </p>
  );
}

type BookedState = Extract<BookingAnswer, { step: "done" }>;

/**
 * The chosen offer's times and her details, one `<form>`: posted to /rezervace without scripts,
 * sent to `POST /api/bookings` with them, checked by the API's own schema first.
 */
function BookingForm({
  offer,
  days,
  detailsHeading,
  answer,
  onBooked,
  onTaken,
  onRefused,
}: {
  offer: BookableOfferView;
  days: FreeDayJson[];
  detailsHeading: string;
  answer?: Extract<BookingAnswer, { step: "times" }>;
  onBooked: (booked: BookedState) => void;
  onTaken: (message: string) => Promise<void>;
  onRefused: (message: string) => void;
}) {
  const submitted = answer?.values
    ? { values: answer.values, errors: answer.errors ?? {} }
    : undefined;
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    formState: { errors },
  } = useForm<BookingRequestPayload>({
    resolver: zodResolver(bookingRequestSchema) as never,
    defaultValues: {
      offerId: offer.id as BookingRequestPayload["offerId"],
      ...(answer?.values ?? emptyBookingValues),
    },
  });
  const [sending, setSending] = useState(false);
  // Set once the form runs in the browser: the page rendered for a browser without scripts
  // never gets here, and lists every day.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [dayIndex, setDayIndex] = useState(() =>
    Math.max(
      0,
      days.findIndex((day) => day.starts.includes(answer?.values?.startsAt ?? "")),
    ),
  );
  const shownDay = Math.min(dayIndex, days.length - 1);
  const honeypot = useRef<HTMLInputElement>(null);
  const note = useWatch({ control, name: "note" }) ?? "";
  const errorOf = (field: BookingField) =>
    (errors[field]?.message as string | undefined) ?? submitted?.errors[field];
  const field = (name: Exclude<BookingField, "startsAt">) => ({
    id: `${idPrefix}-${name}`,
    error: errorOf(name),
    ...register(name),
    ...submittedValueProps<BookingFormValues>(submitted, name),
  });

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    try {
      const response = await fetch("/api/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          ...values,
          [honeypotField]: honeypot.current?.value ?? "",
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        booking?: { state: "pending" | "confirmed"; startsAt: string };
        error?: { code?: string; message?: string; fields?: Record<string, string> };
      } | null;
      if (response.ok && body?.booking) {
        onBooked({ step: "done", state: body.booking.state, startsAt: body.booking.startsAt });
        return;
      }
      if (response.status === 409 && body?.error?.code === "slot_taken") {
        setValue("startsAt", "");
        await onTaken(body.error.message ?? bookingMessages.taken);
        return;
      }
      const fields = Object.entries(body?.error?.fields ?? {});
      for (const [name, message] of fields) {
        setError(name as BookingField, { message }, { shouldFocus: true });
      }
      if (fields.length === 0) onRefused(body?.error?.message ?? sendFailedMessage);
    } catch (error) {
      console.error("The booking could not be sent", error);
      onRefused(sendFailedMessage);
    } finally {
      setSending(false);
    }
  });

  return (
    <form
      id="booking-form"
      method="post"
      action={paths.booking}
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        if (sending) {
          event.preventDefault();
          return;
        }
        return onSubmit(event);
      }}
      className="mt-8"
    >
      <input type="hidden" name="offerId" value={offer.id} />
      {live && (
        <DayPicker
          days={days}
          chosen={shownDay}
          onChoose={(index) => {
            setDayIndex(index);
            setValue("startsAt", "");
          }}
        />
      )}
      <FreeTimes
        // With scripts, one day's times at a time; without, every day's in one list (the later
        // days folded under „Ukázat další…“).
        days={live ? days.slice(shownDay, shownDay + 1) : days}
        idPrefix={idPrefix}
        error={errorOf("startsAt")}
        checked={submitted?.values.startsAt}
        input={register("startsAt")}
      />
      <div className="@container mt-12 rounded-[1.75rem] bg-white/85 p-5 shadow-[0_24px_60px_-30px_rgb(62_51_40/0.45)] ring-1 ring-bark/8 sm:p-8">
        <h3 className="mb-6 text-2xl font-semibold text-bark">{typeset(detailsHeading)}</h3>
        <div className="grid gap-5">
          <TextField
            label="Jméno"
            autoComplete="name"
            maxLength={limits.nameMax}
            {...field("name")}
          />
          <TextField
            label="E-mail"
            hint={typeset("Sem vám pošlu potvrzení rezervace a soubor do kalendáře.")}
            {...emailInputProps}
            maxLength={limits.emailMax}
            {...field("email")}
          />
          <TextField
            label="Telefon"
            optional
            type="tel"
            autoComplete="tel"
            hint={typeset("Kdyby se něco změnilo, zavolám vám.")}
            maxLength={limits.phoneMax}
            {...field("phone")}
          />
          <TextAreaField
            label="Poznámka"
            optional
            hint={typeset("Chcete mi něco napsat předem? Třeba s čím za mnou přicházíte.")}
            rows={3}
            characterCount={Array.from(note).length}
            maxCharacters={limits.messageMax}
            {...field("note")}
          />
          <CheckboxField
            label={<ConsentLabel address="vy" consent={consent} />}
            {...field("privacyConsent")}
          />
        </div>
        <HoneypotField idPrefix={idPrefix} ref={honeypot} />
        <div className="mt-6 grid gap-4">
          <SubmitButton submitting={sending} label="Rezervovat termín" />
        </div>
      </div>
    </form>
  );
}

const dayButtonFormat = new Intl.DateTimeFormat("cs-CZ", {
  weekday: "short",
  day: "numeric",
  month: "numeric",
  timeZone: ownerTimeZone,
});

/** The days with a free time, as buttons: the chosen day's times show below. */
function DayPicker({
  days,
  chosen,
  onChoose,
}: {
  days: FreeDayJson[];
  chosen: number;
  onChoose: (index: number) => void;
}) {
  return (
    <fieldset className="mb-8 min-w-0">
      <legend className="mb-3 font-semibold text-bark">Den</legend>
      <ul className="flex flex-wrap gap-2">
        {days.map((day, index) => {
          const [weekday, ...date] = dayButtonFormat
            .format(new Date(day.starts[0] ?? day.day))
            .split(" ");
          return (
            <li key={day.day}>
              <button
                type="button"
                aria-pressed={index === chosen}
                aria-label={formatFreeDay(day)}
                onClick={() => onChoose(index)}
                className="flex min-h-14 min-w-16 flex-col items-center justify-center rounded-2xl border border-moss/50 bg-white px-3 py-1.5 leading-tight text-bark hover:border-moss-dark aria-pressed:border-moss-dark aria-pressed:bg-moss-dark aria-pressed:text-cream"
              >
                <span className="text-sm">{weekday?.replace(/,$/, "")}</span>
                <span className="font-semibold tabular-nums">{date.join("\u00a0")}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
