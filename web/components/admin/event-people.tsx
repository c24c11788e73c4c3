/**
 * One event's people: how full it is, then who has a place, who waits (in the order they will
 * get one) and whose sign-up is cancelled. A sign-up can be cancelled here, after a question
 * that says who will be told and that the first one waiting gets the place.
 */
import { Mail, Phone, Users, UserX } from "lucide-react";
import { useState } from "react";
import type { EventCountsJson, EventSignupJson, EventSignupState } from "#shared/event-admin";
import { placesCount } from "#shared/events";
import { formatPragueMoment } from "#shared/prague-time";
import { signupStateLabels, takenText, waitingText } from "~/components/admin/event-format";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

const groups: EventSignupState[] = ["confirmed", "waitlisted", "cancelled"];

export function EventPeople({
  counts,
  signups,
  busy,
  canCancel,
  onCancelSignup,
}: {
  counts: EventCountsJson;
  signups: EventSignupJson[];
  busy: boolean;
  /** Whether a sign-up can still be cancelled (not after the event, not once it is cancelled). */
  canCancel: boolean;
  onCancelSignup: (signup: EventSignupJson) => void;
}) {
  const [asking, setAsking] = useState<EventSignupJson | null>(null);
  return (
    <section aria-labelledby="event-people-heading" className="mt-8">
      <h3
        id="event-people-heading"
        className="flex items-center gap-2 px-2 text-xl font-semibold text-bark sm:px-0"
      >
        <Users aria-hidden="true" className="size-5 text-moss-dark" />
        Kdo se přihlásil
      </h3>
      <p className="mt-2 px-2 text-bark sm:px-0" data-testid="event-counts">
        {takenText(counts)}
        {` · volných ${counts.freePlaces}`}
        {counts.waitlisted > 0 && ` · ${waitingText(counts.waitlisted)}`}
      </p>
      {signups.length === 0 ? (
        <p className="mt-3 px-2 text-bark-soft sm:px-0">{typeset("Zatím se nikdo nepřihlásil.")}</p>
      ) : (
        groups.map((state) => {
          const people = signups.filter((signup) => signup.state === state);
          if (people.length === 0) return null;
          return (
            <section key={state} aria-labelledby={`event-people-${state}`} className="mt-5">
              <h4
                id={`event-people-${state}`}
                className="px-2 text-lg font-semibold text-bark sm:px-0"
              >
                {signupStateLabels[state]} ({people.length})
              </h4>
              <ol className="mt-2 divide-y divide-bark/10 rounded-2xl bg-white/80 ring-1 ring-bark/10">
                {people.map((signup) => (
                  <li key={signup.id} className="px-4 py-3">
                    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                      <div className="min-w-0">
                        <p className="font-semibold break-words text-bark">
                          {signup.name}
                          {signup.places > 1 && (
                            <span className="ml-2 font-normal text-bark-soft">
                              {placesCount(signup.places)}
                            </span>
                          )}
                        </p>
                        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                          <a
                            href={`mailto:${signup.email}`}
                            className="inline-flex min-h-8 items-center gap-1 break-all text-moss-dark underline-offset-4 hover:underline"
                          >
                            <Mail aria-hidden="true" className="size-4 shrink-0" />
                            {signup.email}
                          </a>
                          {signup.phone && (
                            <a
                              href={`tel:${signup.phone.replace(/\s/g, "")}`}
                              className="inline-flex min-h-8 items-center gap-1 text-moss-dark underline-offset-4 hover:underline"
                            >
                              <Phone aria-hidden="true" className="size-4 shrink-0" />
                              {signup.phone}
                            </a>
                          )}
                        </p>
                        {signup.note && (
                          <p className="mt-1 text-sm whitespace-pre-line break-words text-bark">
                            {signup.note}
                          </p>
                        )}
                        <p className="mt-1 text-sm text-bark-soft">
                          {signup.state === "cancelled" && signup.cancelledAt
                            ? `Zrušeno ${formatPragueMoment(signup.cancelledAt)}`
                            : `Přihlášení ${formatPragueMoment(signup.createdAt)}`}
                        </p>
                      </div>
                      {canCancel && signup.state !== "cancelled" && (
                        <Button
                          variant="secondary"
                          disabled={busy}
                          onClick={() => setAsking(signup)}
                          className="px-4 py-2 text-sm"
                          aria-label={`Zrušit přihlášku: ${signup.name}`}
                        >
                          <UserX aria-hidden="true" className="size-4" />
                          Zrušit přihlášku
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          );
        })
      )}
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        title="Zrušit přihlášku?"
        cancelling
        description={
          <p>
            {typeset(
              asking?.state === "confirmed" && counts.waitlisted > 0
                ? `${asking?.name ?? ""} dostane e-mail, že je přihláška zrušená. Uvolněné místo dostane první, kdo čeká, a také mu o tom přijde e-mail.`
                : `${asking?.name ?? ""} dostane e-mail, že je přihláška zrušená.`,
            )}
          </p>
        }
        action={
          <AlertDialogAction
            onClick={() => {
              if (asking) onCancelSignup(asking);
              setAsking(null);
            }}
          >
            Zrušit přihlášku
          </AlertDialogAction>
        }
      />
    </section>
  );
}
