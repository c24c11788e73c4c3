import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { Submission } from "#shared/submission";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import {
  emptyCell,
  formTypeLabel,
  orDash,
  serviceLabel,
  splitSubmittedAt,
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
          onClick={() => setExpanded((value) => !value)}
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
            <TableCell className="tabular-nums">
              <SubmittedAt isoTime={submission.created_at} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formTypeLabel(submission.form_type)}
            </TableCell>
            <TableCell className="font-semibold">{submission.name}</TableCell>
            <TableCell>
              <EmailLink email={submission.email} />
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
