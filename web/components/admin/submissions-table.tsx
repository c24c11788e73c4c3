import { Trash2 } from "lucide-react";
import {
  type ReactNode,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import type { Submission } from "#shared/submission";
import {
  emptyCell,
  formTypeLabel,
  orDash,
  serviceLabel,
  splitSubmittedAt,
} from "~/components/admin/submission-format";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";

export const emptyListText = "Zatím nejsou žádná odeslaná data";

/** Longer messages are cut to one line, with a button that unfolds them. */
const foldableLength = 40;

function MessageCell({
  message,
  expanded,
  onToggle,
}: {
  message: string | null;
  expanded: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  if (!message?.trim()) return <TableCell>{emptyCell}</TableCell>;
  const foldable = message.length > foldableLength;
  return (
    <TableCell className="w-60 max-w-60">
      <p
        id={id}
        data-message
        className={expanded ? "break-words whitespace-pre-wrap" : "truncate"}
        title={expanded ? undefined : message}
      >
        {message}
      </p>
      {foldable && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={onToggle}
          className="mt-1 -ml-2 min-h-11 rounded-full px-2 text-sm font-semibold text-moss-dark underline-offset-4 hover:underline"
        >
          {expanded ? "Skrýt celou zprávu" : "Zobrazit celou zprávu"}
        </button>
      )}
    </TableCell>
  );
}

/** Date and time, which may wrap between them and nowhere else. */
function SubmittedAt({ isoTime }: { isoTime: string }) {
  const [date, time] = splitSubmittedAt(isoTime);
  return (
    <time dateTime={isoTime}>
      <span className="whitespace-nowrap">{date}</span>{" "}
      <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

/** An address that may wrap after its „@“ rather than anywhere. */
function EmailLink({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  return (
    <a
      href={`mailto:${email}`}
      className="text-moss-dark underline-offset-4 [overflow-wrap:anywhere] hover:underline"
    >
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </a>
  );
}

/** Longer lists render only the rows in and near the viewport (and spacers for the rest). */
export const windowedFrom = 200;

/** A first guess at a row's height in px; every rendered row is then measured. */
const estimatedRowHeight = 72;

/**
 * With the window, widths may not follow the rendered rows' content: set,
 * as shares of the table (60rem at least), wide enough for the columns that do not wrap.
 */
const columnWidths = ["12.5%", "15.5%", "10.5%", "12.5%", "15.5%", "10.5%", "16%", "7%"];

type RowProps = {
  submission: Submission;
  expanded: boolean;
  onToggle: (id: string) => void;
  onDelete: (submission: Submission) => void;
};

function SubmissionCells({ submission, expanded, onToggle, onDelete }: RowProps) {
  return (
    <>
      <TableCell className="tabular-nums">
        <SubmittedAt isoTime={submission.created_at} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formTypeLabel(submission.form_type)}</TableCell>
      <TableCell className="font-semibold">{submission.name}</TableCell>
      <TableCell>
        <EmailLink email={submission.email} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{orDash(submission.phone)}</TableCell>
      <TableCell>{serviceLabel(submission.service_type)}</TableCell>
      <MessageCell
        message={submission.message}
        expanded={expanded}
        onToggle={() => onToggle(submission.id)}
      />
      <TableCell className="text-right">
        <button
          type="button"
          onClick={() => onDelete(submission)}
          className="inline-flex size-11 items-center justify-center rounded-full text-terracotta-dark transition-colors hover:bg-terracotta/10"
        >
          <Trash2 aria-hidden="true" className="size-5" />
          <span className="sr-only">Smazat záznam: {submission.name}</span>
        </button>
      </TableCell>
    </>
  );
}

function HeaderCells() {
  return (
    <>
      <TableHead>Datum</TableHead>
      <TableHead>Typ formuláře</TableHead>
      <TableHead>Jméno</TableHead>
      <TableHead>Email</TableHead>
      <TableHead>Telefon</TableHead>
      <TableHead>Služba</TableHead>
      <TableHead>Zpráva</TableHead>
      <TableHead className="text-right">Akce</TableHead>
    </>
  );
}

/** The 8 columns of the specification, newest first as the server sends them. */
export function SubmissionsTable({
  submissions,
  onDelete,
}: {
  submissions: Submission[];
  onDelete: (submission: Submission) => void;
}) {
  // Which messages are unfolded, by record: kept while their rows leave the window and come back.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  if (submissions.length === 0) {
    return (
      <p className="rounded-2xl bg-white/70 px-6 py-12 text-center text-bark-soft ring-1 ring-bark/10">
        {emptyListText}
      </p>
    );
  }
  if (submissions.length >= windowedFrom) {
    return (
      <WindowedTable
        submissions={submissions}
        expanded={expanded}
        onToggle={toggle}
        onDelete={onDelete}
      />
    );
  }
  return (
    <Table caption="Tabulka odeslaných dat">
      <TableHeader>
        <TableRow>
          <HeaderCells />
        </TableRow>
      </TableHeader>
      <TableBody>
        {submissions.map((submission) => (
          <TableRow key={submission.id} data-submission-id={submission.id}>
            <SubmissionCells
              submission={submission}
              expanded={expanded.has(submission.id)}
              onToggle={toggle}
              onDelete={onDelete}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A row standing in for the rows that are not rendered, above or below the window. */
function SpacerRow({ height }: { height: number }): ReactNode {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row with nothing to focus, only height
    <tr aria-hidden="true" data-spacer>
      <td colSpan={8} style={{ height, padding: 0 }} />
    </tr>
  );
}

/** The smallest index whose offset is above `value` (offsets ascending, `count + 1` of them). */
function firstAbove(offsets: Float64Array, value: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((offsets[middle] ?? 0) > value) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Rows rendered beyond each edge of the viewport, in px. */
const overscan = 900;
/** How far the page may scroll before the window is worked out again, in px. */
const step = 150;

type View = { top: number; bottom: number };

/** The part of the table body in the viewport, from the body's top. */
function readView(body: HTMLElement): View {
  const top = -body.getBoundingClientRect().top;
  return { top, bottom: top + window.innerHeight };
}

/**
 * The same table over a long list: the page scrolls as if every row were
 * there, but only the rows in and near the viewport are in the DOM, between
 * two spacer rows. Rows are measured as they render (by record, so a deletion
 * keeps them), and rows never rendered count as the average of those measured.
 */
function WindowedTable({
  submissions,
  expanded,
  onToggle,
  onDelete,
}: {
  submissions: Submission[];
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onDelete: (submission: Submission) => void;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [view, setView] = useState<View>(() => ({
    top: 0,
    bottom: typeof window === "undefined" ? 1000 : window.innerHeight,
  }));

  // Follows the page's scrolling and resizing; synchronously, so no frame shows an empty window.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    let last = readView(body);
    let width = window.innerWidth;
    setView(last);
    const follow = () => {
      const next = readView(body);
      const resized = window.innerWidth !== width;
      if (
        !resized &&
        Math.abs(next.top - last.top) < step &&
        Math.abs(next.bottom - last.bottom) < step
      ) {
        return;
      }
      if (resized) {
        width = window.innerWidth;
        heights.current.clear(); // rows wrap differently at another width
      }
      last = next;
      flushSync(() => setView(next));
    };
    window.addEventListener("scroll", follow, { passive: true });
    window.addEventListener("resize", follow);
    return () => {
      window.removeEventListener("scroll", follow);
      window.removeEventListener("resize", follow);
    };
  }, []);

  // Each row's top from the body's top; the last entry is the body's height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `measured` counts changes to `heights`
  const offsets = useMemo(() => {
    const known = heights.current;
    let sum = 0;
    for (const height of known.values()) sum += height;
    const estimate = known.size > 0 ? sum / known.size : estimatedRowHeight;
    const result = new Float64Array(submissions.length + 1);
    let offset = 0;
    submissions.forEach((submission, index) => {
      result[index] = offset;
      offset += known.get(submission.id) ?? estimate;
    });
    result[submissions.length] = offset;
    return result;
  }, [submissions, measured]);

  const count = submissions.length;
  const start = Math.min(count - 1, Math.max(0, firstAbove(offsets, view.top - overscan) - 1));
  const end = Math.max(start + 1, Math.min(count, firstAbove(offsets, view.bottom + overscan)));
  const above = offsets[start] ?? 0;
  const below = (offsets[count] ?? 0) - (offsets[end] ?? 0);

  // Measures the rendered rows after every render; a change redraws the spacers.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    let changed = false;
    for (const row of body.querySelectorAll<HTMLTableRowElement>("tr[data-submission-id]")) {
      const id = row.dataset.submissionId;
      if (!id) continue;
      const height = row.getBoundingClientRect().height;
      const known = heights.current.get(id);
      if (known === undefined || Math.abs(known - height) > 0.5) {
        heights.current.set(id, height);
        changed = true;
      }
    }
    if (changed) setMeasured((value) => value + 1);
  });

  return (
    <Table caption="Tabulka odeslaných dat" className="table-fixed" aria-rowcount={count + 1}>
      <colgroup>
        {columnWidths.map((width, column) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
          <col key={column} style={{ width }} />
        ))}
      </colgroup>
      <TableHeader>
        <TableRow aria-rowindex={1}>
          <HeaderCells />
        </TableRow>
      </TableHeader>
      <TableBody ref={bodyRef}>
        <SpacerRow height={above} />
        {submissions.slice(start, end).map((submission, offset) => (
          <TableRow
            key={submission.id}
            data-submission-id={submission.id}
            aria-rowindex={start + offset + 2}
          >
            <SubmissionCells
              submission={submission}
              expanded={expanded.has(submission.id)}
              onToggle={onToggle}
              onDelete={onDelete}
            />
          </TableRow>
        ))}
        <SpacerRow height={below} />
      </TableBody>
    </Table>
  );
}
