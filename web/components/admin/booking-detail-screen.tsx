import { ArrowLeft, CalendarClock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  type AdminBookingDetailJson,
  bookingAdminMessages,
  maxReasonLength,
} from "#shared/booking-admin";
import { formatPragueTime } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import {
  bookingStateNames,
  formatBookingDay,
  formatDayHeading,
  formatSessionTimes,
  typedMoment,
} from "~/components/admin/booking-format";
import { EmailAddress } from "~/components/email-link";
import { Button } from "~/components/ui/button";
import {
  AdminApiError,
  cancelBooking,
  confirmBooking,
  declineBooking,
  moveBooking,
} from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

/** What she is told once a change is made: a sentence of what is now so. */
export const bookingNotices = {
  confirmed: "Rezervace je potvrzená a potvrzení odešlo e-mailem.",
  declined: "Rezervace je odmítnutá a e-mail s důvodem odešel.",
  moved: "Rezervace je přesunutá a e-mail s novým časem odešel.",
  cancelled: "Rezervace je zrušená a e-mail s důvodem odešel.",
  failed: "Změna se nepodařila. Zkuste to prosím znovu.",
} as const;

type Action = "decline" | "move" | "cancel";

const fieldClasses =
  "mt-1 block w-full min-h-11 rounded-xl border border-bark/30 bg-white px-3 py-2 text-bark";

/** One booking: the client's contact and note, and her buttons for what its state allows. */
export function BookingDetailScreen({
  email,
  initialDetail,
  missing,
  failed,
}: {
  email: string;
  initialDetail: AdminBookingDetailJson | null;
  missing: boolean;
  failed: boolean;
}) {
  const [detail, setDetail] = useState(initialDetail);
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [chosen, setChosen] = useState("");
  const [typedDay, setTypedDay] = useState("");
  const [typedTime, setTypedTime] = useState("");

  if (!detail) {
    return (
      <AdminFrame email={email}>
        <p role="alert" className="mt-8 text-bark">
          {missing
            ? bookingAdminMessages.notFound
            : "Rezervaci se nepodařilo načíst. Zkuste to prosím znovu."}
        </p>
        <p className="mt-4">
          <Link to={paths.adminBookings} className="font-semibold text-moss-dark underline">
            Zpět na rezervace
          </Link>
        </p>
        {failed && null}
      </AdminFrame>
    );
  }
  const { booking, freeDays } = detail;
  const active = booking.state === "pending" || booking.state === "confirmed";
  const ahead = new Date(booking.startsAt).getTime() > Date.now();

  async function run(change: () => Promise<AdminBookingDetailJson>, notice: string) {
    setBusy(true);
    setError(null);
    try {
      setDetail(await change());
      setOpen(null);
      setReason("");
      toast.success(notice);
    } catch (caught) {
      setError(caught instanceof AdminApiError ? caught.message : bookingNotices.failed);
    } finally {
      setBusy(false);
    }
  }

  function submitReason(event: FormEvent) {
    event.preventDefault();
    if (open === "decline") {
      void run(() => declineBooking(booking.id, reason), bookingNotices.declined);
    } else {
      void run(() => cancelBooking(booking.id, reason), bookingNotices.cancelled);
    }
  }

  function submitMove(event: FormEvent) {
    event.preventDefault();
    const startsAt = chosen || typedMoment(typedDay, typedTime);
    if (!startsAt) {
      setError(bookingAdminMessages.start);
      return;
    }
    void run(() => moveBooking(booking.id, startsAt), bookingNotices.moved);
  }

  function toggle(action: Action) {
    setError(null);
    setOpen((current) => (current === action ? null : action));
  }

  return (
    <AdminFrame email={email}>
      <p className="mt-6">
        <Link
          to={paths.adminBookings}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          Všechny rezervace
        </Link>
      </p>
      <AdminSection
        headingId="booking-heading"
        icon={CalendarClock}
        title={booking.offerName}
        intro={`${formatBookingDay(booking.startsAt)}, ${formatSessionTimes(booking.startsAt, booking.endsAt)}`}
      >
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <div className="rounded-2xl bg-white/80 p-5 ring-1 ring-bark/10">
            <p className="font-semibold text-bark" data-booking-state={booking.state}>
              {bookingStateNames[booking.state]}
            </p>
            <dl className="mt-3 grid gap-2 text-bark">
              <div>
                <dt className="text-sm text-bark-soft">Jméno</dt>
                <dd>{booking.name}</dd>
              </div>
              <div>
                <dt className="text-sm text-bark-soft">E-mail</dt>
                <dd>
                  <EmailAddress address={booking.email} />
                </dd>
              </div>
              {booking.phone && (
                <div>
                  <dt className="text-sm text-bark-soft">Telefon</dt>
                  <dd>
                    <a href={`tel:${booking.phone.replace(/\s/g, "")}`} className="underline">
                      {booking.phone}
                    </a>
                  </dd>
                </div>
              )}
              {booking.note && (
                <div>
                  <dt className="text-sm text-bark-soft">Poznámka</dt>
                  <dd className="whitespace-pre-line break-words">{booking.note}</dd>
                </div>
              )}
              {booking.reason && (
                <div>
                  <dt className="text-sm text-bark-soft">
                    {booking.state === "declined" ? "Důvod odmítnutí" : "Důvod zrušení"}
                  </dt>
                  <dd className="whitespace-pre-line break-words">{booking.reason}</dd>
                </div>
              )}
            </dl>
          </div>

          {active && ahead && (
            <div className="rounded-2xl bg-white/80 p-5 ring-1 ring-bark/10">
              <div className="flex flex-wrap gap-2">
                {booking.state === "pending" && (
                  <Button
                    disabled={busy}
                    onClick={() => run(() => confirmBooking(booking.id), bookingNotices.confirmed)}
                  >
                    Potvrdit
                  </Button>
                )}
                {booking.state === "pending" && (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => toggle("decline")}
                    aria-expanded={open === "decline"}
                  >
                    Odmítnout
                  </Button>
                )}
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => toggle("move")}
                  aria-expanded={open === "move"}
                >
                  Přesunout
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => toggle("cancel")}
                  aria-expanded={open === "cancel"}
                >
                  Zrušit
                </Button>
              </div>
              {error && (
                <p role="alert" className="mt-4 font-medium text-terracotta-dark">
                  {typeset(error)}
                </p>
              )}
              {(open === "decline" || open === "cancel") && (
                <form onSubmit={submitReason} className="mt-4">
                  <label htmlFor="booking-reason" className="font-semibold text-bark">
                    {open === "decline" ? "Proč rezervaci odmítáte" : "Proč rezervaci rušíte"}
                  </label>
                  <p className="text-sm text-bark-soft">
                    {typeset("Důvod bude v e-mailu, který odejde na adresu z rezervace.")}
                  </p>
                  <textarea
                    id="booking-reason"
                    required
                    maxLength={maxReasonLength}
                    rows={3}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    className={fieldClasses}
                  />
                  <Button type="submit" disabled={busy} className="mt-3">
                    {open === "decline" ? "Odmítnout a poslat e-mail" : "Zrušit a poslat e-mail"}
                  </Button>
                </form>
              )}
              {open === "move" && (
                <form onSubmit={submitMove} className="mt-4">
                  <label htmlFor="booking-free-time" className="font-semibold text-bark">
                    Volný čas
                  </label>
                  <select
                    id="booking-free-time"
                    value={chosen}
                    onChange={(event) => setChosen(event.target.value)}
                    className={fieldClasses}
                  >
                    <option value="">Vyberte…</option>
                    {freeDays.map((day) => (
                      <optgroup key={day.day} label={formatDayHeading(day.day)}>
                        {day.starts.map((start) => (
                          <option key={start} value={start}>
                            {`${formatDayHeading(day.day)} ${formatPragueTime(start)}`}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  <fieldset className="mt-4" disabled={chosen !== ""}>
                    <legend className="font-semibold text-bark">Nebo jiný čas</legend>
                    <p className="text-sm text-bark-soft">
                      {typeset("I mimo pracovní dobu; jen se nesmí potkat s jinou rezervací.")}
                    </p>
                    <div className="mt-1 flex flex-wrap gap-3">
                      <label className="text-sm text-bark">
                        Den
                        <input
                          type="date"
                          value={typedDay}
                          onChange={(event) => setTypedDay(event.target.value)}
                          className={fieldClasses}
                        />
                      </label>
                      <label className="text-sm text-bark">
                        Čas
                        <input
                          type="time"
                          value={typedTime}
                          onChange={(event) => setTypedTime(event.target.value)}
                          className={fieldClasses}
                        />
                      </label>
                    </div>
                  </fieldset>
                  <Button type="submit" disabled={busy} className="mt-3">
                    Přesunout a poslat e-mail
                  </Button>
                </form>
              )}
            </div>
          )}
        </div>
      </AdminSection>
    </AdminFrame>
  );
}
