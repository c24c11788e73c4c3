import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import type { Submission } from "~/lib/admin-api";
import {
  emptyCell,
  formatSubmittedAt,
  formTypeLabel,
  orDash,
  serviceLabel,
} from "./submission-format";

export const emptyListText = "Zatím nejsou žádná odeslaná data";

/** Longer messages are cut to one line, with a button that unfolds them. */
const foldableLength = 40;

function MessageCell({ message }: { message: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!message?.trim()) return <TableCell>{emptyCell}</TableCell>;
  const foldable = message.length > foldableLength;
  return (
    <TableCell className="w-72 max-w-72">
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
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 -ml-2 min-h-11 rounded-full px-2 text-sm font-semibold text-moss-dark underline-offset-4 hover:underline"
        >
          {expanded ? "Skrýt celou zprávu" : "Zobrazit celou zprávu"}
        </button>
      )}
    </TableCell>
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
  if (submissions.length === 0) {
    return (
      <p className="rounded-2xl bg-white/70 px-6 py-12 text-center text-bark-soft ring-1 ring-bark/10">
        {emptyListText}
      </p>
    );
  }
  return (
    <Table caption="Tabulka odeslaných dat">
      <TableHeader>
        <TableRow>
          <TableHead>Datum</TableHead>
          <TableHead>Typ formuláře</TableHead>
          <TableHead>Jméno</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Telefon</TableHead>
          <TableHead>Služba</TableHead>
          <TableHead>Zpráva</TableHead>
          <TableHead className="text-right">Akce</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {submissions.map((submission) => (
          <TableRow key={submission.id} data-submission-id={submission.id}>
            <TableCell className="whitespace-nowrap tabular-nums">
              <time dateTime={submission.created_at}>
                {formatSubmittedAt(submission.created_at)}
              </time>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formTypeLabel(submission.form_type)}
            </TableCell>
            <TableCell className="font-semibold">{submission.name}</TableCell>
            <TableCell>
              <a
                href={`mailto:${submission.email}`}
                className="break-all text-moss-dark underline-offset-4 hover:underline"
              >
                {submission.email}
              </a>
            </TableCell>
            <TableCell className="whitespace-nowrap">{orDash(submission.phone)}</TableCell>
            <TableCell>{serviceLabel(submission.service_type)}</TableCell>
            <MessageCell message={submission.message} />
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
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
