/**
 * „Tlačítko“ of a letter's editor: her published articles and upcoming events (a sheet from the
 * bottom on a phone, a window on a computer); one tap puts a button to it where the cursor is.
 * The button is a link marked `class="button"` (the letter's sanitizer keeps that mark, and the
 * letter's e-mail draws it as a button); its words she can change in the text afterwards.
 */
import { InsertDialog } from "~/components/admin/insert-dialog";
import { typeset } from "~/lib/typography";

/** Something of hers a letter's button can lead to. */
export type ButtonChoice = {
  kind: "article" | "event";
  title: string;
  /** The site's own path: `/blog/<slug>`, `/akce/<slug>`. */
  href: string;
  /** The article's date or the event's time, in words. */
  note: string;
};

/** The words a new button starts with (the announcement's button says the same). */
export function buttonLabelOf(choice: ButtonChoice): string {
  return choice.kind === "article" ? "Přečíst článek" : "Více o akci";
}

export function LettersButtonDialog({
  open,
  onOpenChange,
  choices,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Null while loading. */
  choices: ButtonChoice[] | null;
  onChoose: (choice: ButtonChoice) => void;
}) {
  const groups = [
    { kind: "article", title: "Články" },
    { kind: "event", title: "Akce" },
  ] as const;
  return (
    <InsertDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Vložit tlačítko"
      description="Vyberte článek nebo akci a do dopisu se vloží tlačítko, které na ně vede. Text tlačítka pak můžete v dopise přepsat."
      width="sm:max-w-2xl"
    >
      {choices === null ? (
        <p className="mt-5 text-bark-soft">Načítá se…</p>
      ) : choices.length === 0 ? (
        <p className="mt-5 text-bark-soft">
          {typeset("Zatím nemáte žádný zveřejněný článek ani naplánovanou akci.")}
        </p>
      ) : (
        groups.map((group) => {
          const shown = choices.filter((choice) => choice.kind === group.kind);
          if (shown.length === 0) return null;
          return (
            <section key={group.kind} className="mt-5">
              <h3 className="font-semibold text-bark">{group.title}</h3>
              <ul className="mt-2 grid gap-2">
                {shown.map((choice) => (
                  <li key={choice.href}>
                    <button
                      type="button"
                      onClick={() => onChoose(choice)}
                      className="block min-h-11 w-full rounded-2xl bg-white px-4 py-3 text-left ring-1 ring-bark/10 hover:ring-2 hover:ring-moss focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss-dark"
                    >
                      <span className="block font-semibold break-words text-bark">
                        <span className="sr-only">Vložit tlačítko na: </span>
                        {typeset(choice.title)}
                      </span>
                      <span className="block text-sm text-bark-soft">{choice.note}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </InsertDialog>
  );
}
