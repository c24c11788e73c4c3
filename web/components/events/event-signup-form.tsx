import { eventHoneypotField, type PublicEvent, placesCount } from "#shared/events";
import { paths } from "#shared/routes";
import { ConsentLabel } from "~/components/forms/consent-label";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { typeset } from "~/lib/typography";

/** Where the form posts: the server's sign-up route (server/events/event-form-route.ts). */
const signupAction = (event: PublicEvent) => `${paths.events}/prihlaska/${event.id}`;

export const eventConsent = "Souhlasím se zpracováním osobních údajů za účelem přihlášení na akci.";

/**
 * The sign-up form of an event's page: a plain form post, which works the same with scripts
 * and without (the server answers with the result page, or the form again with messages),
 * so the page carries no form code. The browser checks the required fields first.
 */
export function EventSignupForm({ event }: { event: PublicEvent }) {
  const choices = Array.from({ length: event.maxPlacesPerSignup }, (_, at) => at + 1);
  const waiting = event.freePlaces <= 0;
  return (
    <form method="post" action={signupAction(event)} className="space-y-5">
      {waiting && (
        <p className="rounded-2xl bg-sand/60 px-4 py-3 text-bark">
          {typeset(
            "Akce je teď plně obsazená. Můžete se zapsat na čekací listinu: jakmile se místo uvolní, dostanete ho a dám vám vědět e-mailem.",
          )}
        </p>
      )}
      <TextField
        id="event-name"
        name="name"
        label="Jméno a příjmení"
        autoComplete="name"
        required
      />
      <TextField
        id="event-email"
        name="email"
        type="email"
        label="E-mail"
        autoComplete="email"
        required
      />
      <TextField
        id="event-phone"
        name="phone"
        type="tel"
        label="Telefon"
        optional
        autoComplete="tel"
      />
      {choices.length > 1 && (
        <SelectField id="event-places" name="places" label="Počet míst" defaultValue="1">
          {choices.map((count) => (
            <option key={count} value={count}>
              {placesCount(count)}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField
        id="event-note"
        name="note"
        label="Poznámka"
        optional
        rows={3}
        maxLength={1000}
      />
      <div className="absolute -left-[10000px]" aria-hidden="true">
        <label htmlFor="event-website">Web</label>
        <input
          id="event-website"
          name={eventHoneypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <CheckboxField
        id="event-consent"
        name="privacyConsent"
        value="on"
        required
        label={<ConsentLabel consent={eventConsent} address="vy" />}
      />
      <Button type="submit" className="w-full sm:w-auto">
        {waiting ? "Zapsat se na čekací listinu" : "Přihlásit se"}
      </Button>
    </form>
  );
}
