import { clsx } from "clsx";
import { useCallback, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { adminRecordPath } from "#shared/routes";
import type { Submission } from "#shared/submission";
import { DeleteSubmissionButton, StateBadges, SubmittedAt } from "~/components/admin/inbox-parts";
import { SpacerRow, useRowWindow } from "~/components/admin/row-window";
import {
  emptyCell,
  formTypeLabel,
  orDash,
  serviceLabel,
} from "~/components/admin/submission-format";
import { EmailAddress } from "~/components/email-link";
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

/** Longer lists render only the rows in and near the viewport (and spacers for the rest). */
export const windowedFrom = 200;

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
        <StateBadges submission={submission} className="mt-1.5" />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formTypeLabel(submission.form_type)}</TableCell>
      <TableCell className="font-semibold">
        <Link
          to={adminRecordPath(submission.id)}
          className="text-bark underline decoration-bark/30 underline-offset-4 hover:decoration-bark"
        >
          {submission.name}
        </Link>
      </TableCell>
      <TableCell>
        <a
          href={`mailto:${submission.email}`}
          className="text-moss-dark underline-offset-4 hover:underline"
        >
          <EmailAddress address={submission.email} />
        </a>
      </TableCell>
      <TableCell className="whitespace-nowrap">{orDash(submission.phone)}</TableCell>
      <TableCell>{serviceLabel(submission)}</TableCell>
      <MessageCell
        message={submission.message}
        expanded={expanded}
        onToggle={() => onToggle(submission.id)}
      />
      <TableCell className="text-right">
        <DeleteSubmissionButton submission={submission} onDelete={onDelete} />
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
          <TableRow
            key={submission.id}
            data-submission-id={submission.id}
            className={clsx(!submission.read_at && "bg-sage-light/35")}
          >
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

/**
 * The same table over a long list: the page scrolls as if every row were
 * there, but only the rows in and near the viewport are in the DOM, between
 * two spacer rows (`useRowWindow`).
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
  const keys = useMemo(() => submissions.map((submission) => submission.id), [submissions]);
  const { bodyRef, start, end, spaceAbove, spaceBelow } = useRowWindow(keys);
  const count = submissions.length;

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
        <SpacerRow height={spaceAbove} columns={columnWidths.length} />
        {submissions.slice(start, end).map((submission, offset) => (
          <TableRow
            key={submission.id}
            data-submission-id={submission.id}
            aria-rowindex={start + offset + 2}
            className={clsx(!submission.read_at && "bg-sage-light/35")}
          >
            <SubmissionCells
              submission={submission}
              expanded={expanded.has(submission.id)}
              onToggle={onToggle}
              onDelete={onDelete}
            />
          </TableRow>
        ))}
        <SpacerRow height={spaceBelow} columns={columnWidths.length} />
      </TableBody>
    </Table>
  );
}
