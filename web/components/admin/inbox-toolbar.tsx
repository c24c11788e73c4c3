import { Download, Search, SlidersHorizontal, X } from "lucide-react";
import { useState } from "react";
import { formTypeLabels } from "#shared/form-schemas";
import {
  emptyFilter,
  type InboxFilter,
  isFiltered,
  mailFilters,
  stateFilters,
} from "~/components/admin/inbox-filter";
import { useWideScreen } from "~/components/admin/inbox-parts";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";

const notRequired = { "aria-required": false } as const;

/** How many filters besides the search are set (the phone's „Filtry (2)“). */
function activeFilterCount({ formType, state, mail, from, to }: InboxFilter): number {
  return [formType, state, mail, from, to].filter(Boolean).length;
}

/** „Zrušit hledání“, „Zrušit filtry“ or both, as the button clears whatever is set. */
function clearLabel(filter: InboxFilter): string {
  const searching = filter.query.trim() !== "";
  const filtering = activeFilterCount(filter) > 0;
  if (searching && filtering) return "Zrušit hledání a filtry";
  return searching ? "Zrušit hledání" : "Zrušit filtry";
}

/** One filter's choice: „all“ first (no filter, null), then each value by its label. */
function FilterSelect({
  id,
  label,
  all,
  options,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  all: string;
  options: Readonly<Record<string, string>>;
  value: string | null;
  onChange: (value: string | null) => void;
  className?: string;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value || null)}
      className={className}
      {...notRequired}
    >
      <option value="">{all}</option>
      {Object.entries(options).map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

/** Search and filters over the list, and the CSV export of what they show. */
export function InboxToolbar({
  filter,
  onChange,
  shown,
  total,
  onExport,
}: {
  filter: InboxFilter;
  onChange: (filter: InboxFilter) => void;
  shown: number;
  total: number;
  onExport: () => void;
}) {
  const set = (change: Partial<InboxFilter>) => onChange({ ...filter, ...change });
  const wide = useWideScreen();
  // On a phone the filters fold away behind one button, so that the list starts near the top;
  // open at first when the address already holds some.
  const active = activeFilterCount(filter);
  const [filtersOpen, setFiltersOpen] = useState(active > 0);
  const shownCount = (
    // Empty, it takes no room on a phone; side by side it keeps the buttons to the right.
    <p
      className={wide ? "text-bark-soft" : "text-bark-soft empty:hidden"}
      aria-live="polite"
      data-shown-count
    >
      {isFiltered(filter) ? `Zobrazeno ${shown} z ${total}` : ""}
    </p>
  );
  const filters = (
    <div id="inbox-filters" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <FilterSelect
        id="inbox-form-type"
        label="Formulář"
        all="Všechny formuláře"
        options={formTypeLabels}
        value={filter.formType}
        onChange={(formType) => set({ formType: formType as InboxFilter["formType"] })}
        className="col-span-2 lg:col-span-1"
      />
      <FilterSelect
        id="inbox-state"
        label="Stav"
        all="Všechny"
        options={stateFilters}
        value={filter.state}
        onChange={(state) => set({ state: state as InboxFilter["state"] })}
      />
      <FilterSelect
        id="inbox-mail"
        label="E-maily"
        all="Všechny"
        options={mailFilters}
        value={filter.mail}
        onChange={(mail) => set({ mail: mail as InboxFilter["mail"] })}
      />
      <TextField
        id="inbox-from"
        label="Od"
        type="date"
        // Narrower padding: two dates side by side fit a 360 px phone.
        className="[&_input]:px-2.5"
        value={filter.from ?? ""}
        onChange={(event) => set({ from: event.target.value || null })}
        {...notRequired}
      />
      <TextField
        id="inbox-to"
        label="Do"
        type="date"
        className="[&_input]:px-2.5"
        value={filter.to ?? ""}
        onChange={(event) => set({ to: event.target.value || null })}
        {...notRequired}
      />
    </div>
  );
  return (
    <search aria-label="Hledání a filtry" className="mb-6 grid gap-4">
      <div className="relative">
        <TextField
          id="inbox-search"
          label="Hledat"
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          // Whole on a 360 px phone too, beside the magnifier and the browser's clear button.
          placeholder={wide ? "Jméno, e-mail, telefon nebo zpráva" : "Jméno, e-mail, telefon, text"}
          value={filter.query}
          onChange={(event) => set({ query: event.target.value })}
          // The list follows every keystroke; the keyboard's search key only puts the
          // keyboard away, so that a phone shows what was found.
          onKeyDown={(event) => {
            if (event.key === "Enter") event.currentTarget.blur();
          }}
          className="[&_input]:pl-11"
          {...notRequired}
        />
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute bottom-3.5 left-4 size-5 text-bark-soft"
        />
      </div>
      {/* On a phone the count sits right under the field, in view while the keyboard is up. */}
      {!wide && shownCount}
      {wide && filters}
      {/* On a 360 px phone „Filtry“ and „Stáhnout CSV“ share one row. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {wide ? (
          shownCount
        ) : (
          <Button
            variant="secondary"
            // Pressed while the filters show.
            className={filtersOpen ? "bg-sage-light px-3" : "px-3"}
            aria-expanded={filtersOpen}
            aria-controls="inbox-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" className="size-5" />
            {active > 0 ? `Filtry (${active})` : "Filtry"}
          </Button>
        )}
        <div className="flex flex-wrap gap-2">
          {isFiltered(filter) && (
            <Button variant="ghost" onClick={() => onChange(emptyFilter)} className="px-3">
              <X aria-hidden="true" className="size-5" />
              {clearLabel(filter)}
            </Button>
          )}
          <Button variant="secondary" onClick={onExport} disabled={shown === 0} className="px-3">
            <Download aria-hidden="true" className="size-5" />
            Stáhnout CSV
          </Button>
        </div>
      </div>
      {!wide && filtersOpen && filters}
    </search>
  );
}
