/**
 * One of her events, phone first. A new one or a draft: its form, „Uložit koncept“ and
 * „Zveřejnit“. A published one: what she needs on the day first (how full it is, the people,
 * „Stáhnout CSV“, „Napsat všem přihlášeným“, „Opakovat“, „Zrušit akci“), then its form. Every
 * refusal of the server shows at its field or as a notice, and changes nothing.
 */
import { clsx } from "clsx";
import { Ban, CalendarCheck, Download, Repeat, Save, Send, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { EventCountsJson, EventSignupJson } from "#shared/event-admin";
import type { RepeatRule } from "#shared/event-repeats";
import { eventPath } from "#shared/events";
import { paths } from "#shared/routes";
import { useAdminRun } from "~/components/admin/admin-run";
import { EditorScreen } from "~/components/admin/content-editor";
import { downloadFile } from "~/components/admin/download-file";
import {
  type EventFields,
  type EventForm,
  EventFormFields,
  eventFormErrors,
  formFieldOf,
  formOf,
  inputOf,
} from "~/components/admin/event-form";
import { eventStateLabels, eventWhen, peopleCount } from "~/components/admin/event-format";
import { eventAdminPath, eventStateBadge } from "~/components/admin/event-list-screen";
import { EventMessage } from "~/components/admin/event-message";
import { EventPeople } from "~/components/admin/event-people";
import { EventRepeat } from "~/components/admin/event-repeat";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import {
  type AdminEvent,
  cancelEvent,
  cancelEventSignup,
  createEvent,
  currentAccessToken,
  deleteEventDraft,
  downloadEventSignupsCsv,
  fetchEventSignups,
  publishEvent,
  repeatEvent,
  saveEvent,
  sendEventMessage,
} from "~/lib/admin-api";
import { useMoveToSavedRecord } from "~/lib/screen-key";
import { typeset } from "~/lib/typography";

type People = { counts: EventCountsJson; signups: EventSignupJson[] };

const intros = {
  new: "Vyplňte údaje akce. Uložit ji můžete jako koncept, který vidíte jen vy, nebo ji rovnou zveřejnit.",
  draft: "Koncept: na webu se zatím neukazuje. Až bude hotový, zveřejněte ho.",
  published:
    "Akce je na webu a lidé se na ni mohou přihlásit. Co v údajích uložíte, se na její stránce hned ukáže.",
  cancelled: "Akce je zrušená. Všichni přihlášení a čekající dostali e-mail.",
} as const;

export function EventScreen({
  email,
  event: initial,
  people: initialPeople,
}: {
  email: string;
  /** Null: a new event. */
  event: AdminEvent | null;
  people: People | null;
}) {
  const navigate = useNavigate();
  const moveToSaved = useMoveToSavedRecord();
  const [event, setEvent] = useState(initial);
  const [form, setForm] = useState<EventForm>(() => formOf(initial as EventFields | null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAdminRun(setErrors);
  const [people, setPeople] = useState(initialPeople);
  const [panel, setPanel] = useState<"repeat" | "message" | null>(null);
  const [panelErrors, setPanelErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<"cancel" | "delete" | null>(null);

  const change = (fields: Partial<EventForm>) => setForm((current) => ({ ...current, ...fields }));

  async function reloadPeople(id: string) {
    setPeople(await fetchEventSignups(await currentAccessToken(), id));
  }

  function save(publish: boolean) {
    const found = eventFormErrors(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      toast.error("Některé údaje nejsou vyplněné správně. Opravte prosím pole označená červeně.");
      return;
    }
    const input = inputOf(form);
    return run(
      async () => {
        let saved = event
          ? (await saveEvent(event.id, event.version, input)).event
          : (await createEvent(input)).event;
        if (publish && saved.state === "draft") {
          saved = (await publishEvent(saved.id, saved.version)).event;
        }
        setEvent(saved);
        setForm(formOf(saved));
        setErrors({});
        toast.success(
          publish
            ? "Akce je zveřejněná. Lidé se na ni už mohou přihlásit."
            : saved.state === "draft"
              ? "Koncept je uložený. Na webu se neukazuje."
              : "Změny jsou uložené a na webu.",
        );
        if (!event) moveToSaved(eventAdminPath(saved.id));
        if (saved.state !== "draft") await reloadPeople(saved.id);
      },
      (fields) =>
        setErrors(
          Object.fromEntries(
            Object.entries(fields).map(([name, text]) => [formFieldOf(name), text]),
          ),
        ),
    );
  }

  if (!event) {
    return (
      <EditorScreen
        email={email}
        parentPath={paths.adminEvents}
        parentName="Akce"
        title="Nová akce"
        intro={intros.new}
      >
        <EventFormCard
          form={form}
          errors={errors}
          busy={busy}
          onChange={change}
          onSubmit={() => void save(false)}
        >
          <DraftButtons busy={busy} onPublish={() => void save(true)} />
        </EventFormCard>
      </EditorScreen>
    );
  }

  const live = event.state !== "draft";
  const over = new Date(event.endsAt) <= new Date();
  const reach = people ? people.counts.confirmed + people.counts.waitlisted : 0;

  function toggle(which: "repeat" | "message") {
    setPanelErrors({});
    setPanel((open) => (open === which ? null : which));
  }

  function downloadCsv() {
    if (!event) return;
    return run(async () => {
      const { csv, fileName } = await downloadEventSignupsCsv(event.id);
      downloadFile(csv, fileName, "text/csv;charset=utf-8");
    });
  }

  function repeat(rule: RepeatRule, until: string) {
    if (!event) return;
    return run(async () => {
      const { created } = await repeatEvent(event.id, { rule, until });
      toast.success(
        `Hotovo: ${created.length === 1 ? "vznikl 1 nový termín" : `nové termíny: ${created.length}`}. Najdete je v seznamu akcí.`,
      );
      setPanel(null);
    }, setPanelErrors);
  }

  async function message(text: { subject: string; text: string }) {
    if (!event) return false;
    return run(async () => {
      const { recipients } = await sendEventMessage(event.id, text);
      toast.success(`Zpráva odešla: ${peopleCount(recipients)}.`);
      setPanel(null);
    }, setPanelErrors);
  }

  function cancelWhole() {
    if (!event) return;
    return run(async () => {
      const answer = await cancelEvent(event.id);
      setEvent(answer.event);
      setForm(formOf(answer.event));
      toast.success(
        answer.told > 0
          ? `Akce je zrušená. E-mail dostane ${peopleCount(answer.told)}.`
          : "Akce je zrušená.",
      );
      await reloadPeople(event.id);
    });
  }

  function cancelOne(signup: EventSignupJson) {
    if (!event) return;
    return run(async () => {
      await cancelEventSignup(event.id, signup.id);
      toast.success(`Přihláška je zrušená: ${signup.name}.`);
      await reloadPeople(event.id);
    });
  }

  function deleteDraft() {
    if (!event) return;
    return run(async () => {
      await deleteEventDraft(event.id);
      toast.success("Koncept je smazaný.");
      navigate(paths.adminEvents, { replace: true });
    });
  }

  const actions = (
    <div className="mt-5 flex flex-col gap-2 px-2 sm:flex-row sm:flex-wrap sm:px-0">
      {live && (
        <Button variant="secondary" disabled={busy} onClick={() => void downloadCsv()}>
          <Download aria-hidden="true" className="size-5" />
          Stáhnout CSV
        </Button>
      )}
      {live && reach > 0 && (
        <Button
          variant="secondary"
          disabled={busy}
          aria-expanded={panel === "message"}
          onClick={() => toggle("message")}
        >
          <Send aria-hidden="true" className="size-5" />
          Napsat všem přihlášeným
        </Button>
      )}
      {event.state !== "cancelled" && (
        <Button
          variant="secondary"
          disabled={busy}
          aria-expanded={panel === "repeat"}
          onClick={() => toggle("repeat")}
        >
          <Repeat aria-hidden="true" className="size-5" />
          Opakovat
        </Button>
      )}
      {event.state === "published" && !over && (
        <Button
          variant="secondary"
          disabled={busy}
          className="border-terracotta-dark text-terracotta-dark"
          onClick={() => setAsking("cancel")}
        >
          <Ban aria-hidden="true" className="size-5" />
          Zrušit akci
        </Button>
      )}
      {event.state === "draft" && (
        <Button
          variant="secondary"
          disabled={busy}
          className="border-terracotta-dark text-terracotta-dark"
          onClick={() => setAsking("delete")}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          Smazat koncept
        </Button>
      )}
    </div>
  );

  return (
    <EditorScreen
      email={email}
      parentPath={paths.adminEvents}
      parentName="Akce"
      title={event.title}
      intro={intros[event.state]}
    >
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 px-2 sm:px-0">
        <span
          className={clsx(
            "rounded-full px-2.5 py-0.5 text-sm font-semibold",
            eventStateBadge[event.state],
          )}
        >
          {eventStateLabels[event.state]}
        </span>
        <span className="text-bark">{eventWhen(event.startsAt, event.endsAt)}</span>
        {live && (
          <a
            href={eventPath(event.slug)}
            className="font-semibold text-moss-dark underline-offset-4 hover:underline"
          >
            Zobrazit na webu
          </a>
        )}
      </p>
      {actions}
      {panel === "repeat" && (
        <EventRepeat
          event={event}
          busy={busy}
          error={panelErrors.until ?? panelErrors.rule}
          onCreate={repeat}
        />
      )}
      {panel === "message" && people && (
        <EventMessage
          counts={people.counts}
          busy={busy}
          serverErrors={panelErrors}
          onSend={message}
        />
      )}
      {live && people && (
        <EventPeople
          counts={people.counts}
          signups={people.signups}
          busy={busy}
          canCancel={event.state === "published" && !over}
          onCancelSignup={(signup) => void cancelOne(signup)}
        />
      )}
      <EventFormCard
        form={form}
        errors={errors}
        busy={busy || event.state === "cancelled"}
        onChange={change}
        onSubmit={() => void save(false)}
        heading="Údaje akce"
      >
        {event.state === "draft" ? (
          <DraftButtons busy={busy} onPublish={() => void save(true)} />
        ) : event.state === "published" ? (
          <Button type="submit" disabled={busy}>
            <Save aria-hidden="true" className="size-5" />
            Uložit změny
          </Button>
        ) : null}
      </EventFormCard>
      <ConfirmDialog
        open={asking === "cancel"}
        onCancel={() => setAsking(null)}
        title={`Zrušit akci „${event.title}“?`}
        cancelling
        description={
          <p>
            {typeset(
              reach > 0
                ? `E-mail o zrušení se souborem, který akci odebere z kalendáře, ${reach >= 2 && reach <= 4 ? "dostanou" : "dostane"} ${peopleCount(reach)}${people?.counts.waitlisted ? " – přihlášení i ti, kdo čekají na místo" : ""}. Na webu bude akce označená jako zrušená. Vrátit to nejde.`
                : "Zatím se nikdo nepřihlásil, takže nikomu nic nepřijde. Na webu bude akce označená jako zrušená. Vrátit to nejde.",
            )}
          </p>
        }
        action={
          <AlertDialogAction
            onClick={() => {
              setAsking(null);
              void cancelWhole();
            }}
          >
            Zrušit akci
          </AlertDialogAction>
        }
      />
      <ConfirmDialog
        open={asking === "delete"}
        onCancel={() => setAsking(null)}
        title="Smazat koncept?"
        description={<p>{typeset(`Koncept „${event.title}“ se smaže i se všemi údaji.`)}</p>}
        action={
          <AlertDialogAction
            onClick={() => {
              setAsking(null);
              void deleteDraft();
            }}
          >
            Smazat koncept
          </AlertDialogAction>
        }
      />
    </EditorScreen>
  );
}

function EventFormCard({
  form,
  errors,
  busy,
  onChange,
  onSubmit,
  heading,
  children,
}: {
  form: EventForm;
  errors: Record<string, string>;
  busy: boolean;
  onChange: (fields: Partial<EventForm>) => void;
  /** Enter or „Uložit…“: saves without publishing. */
  onSubmit: () => void;
  heading?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={heading ?? "Údaje akce"} className="mt-8">
      {heading && <h3 className="px-2 text-xl font-semibold text-bark sm:px-0">{heading}</h3>}
      <form
        noValidate
        // min-w-0: the editor's toolbar scrolls inside the card instead of widening it.
        className="mt-4 grid max-w-3xl grid-cols-1 gap-5 px-2 sm:px-0 [&>*]:min-w-0"
        onSubmit={(submitted) => {
          submitted.preventDefault();
          onSubmit();
        }}
      >
        <EventFormFields form={form} errors={errors} busy={busy} onChange={onChange} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">{children}</div>
      </form>
    </section>
  );
}

/** A draft's buttons: „Uložit koncept“ (the form's submit) and „Zveřejnit“. */
function DraftButtons({ busy, onPublish }: { busy: boolean; onPublish: () => void }) {
  return (
    <>
      <Button type="submit" disabled={busy} variant="secondary">
        <Save aria-hidden="true" className="size-5" />
        Uložit koncept
      </Button>
      <Button disabled={busy} onClick={onPublish}>
        <CalendarCheck aria-hidden="true" className="size-5" />
        Zveřejnit
      </Button>
    </>
  );
}
