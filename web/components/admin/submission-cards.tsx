import { useMemo } from "react";
import { Link } from "react-router";
import { adminRecordPath } from "#shared/routes";
import type { Submission } from "#shared/submission";
import {
  DeleteSubmissionButton,
  PhoneLink,
  StateBadges,
  SubmittedAt,
} from "~/components/admin/inbox-parts";
import { SpacerItem, useRowWindow } from "~/components/admin/row-window";
import { emptyCell, formTypeLabel, serviceLabel } from "~/components/admin/submission-format";
import { EmailLink } from "~/components/email-link";

/** Longer lists render only the cards in and near the viewport. */
export const windowedCardsFrom = 200;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[4.75rem_minmax(0,1fr)] gap-x-2">
      <dt className="text-sm text-bark-soft">{label}</dt>
      <dd className="min-w-0 text-bark">{children}</dd>
    </div>
  );
}

/** One submission as a card: every field of the table's row, one under another, nothing off to the side. */
function SubmissionCard({
  submission,
  onDelete,
}: {
  submission: Submission;
  onDelete: (submission: Submission) => void;
}) {
  const isNew = !submission.read_at;
  return (
    <article
      aria-labelledby={`card-${submission.id}`}
      className={
        isNew
          ? "rounded-2xl bg-white p-4 shadow-sm ring-2 ring-moss/40"
          : "rounded-2xl bg-white/70 p-4 ring-1 ring-bark/10"
      }
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-bark-soft">
        <span className="tabular-nums">
          <SubmittedAt isoTime={submission.created_at} />
        </span>
        <span data-form-type>{formTypeLabel(submission.form_type)}</span>
      </div>
      <StateBadges submission={submission} className="mt-2" />
      <h3 id={`card-${submission.id}`} className="mt-2 text-lg leading-snug font-semibold">
        <Link
          to={adminRecordPath(submission.id)}
          className="text-bark underline decoration-bark/30 underline-offset-4 [overflow-wrap:anywhere] hover:decoration-bark"
        >
          {submission.name}
        </Link>
      </h3>
      <dl className="mt-2 grid gap-1.5 text-[0.9375rem]">
        <Field label="E-mail">
          {/* A taller target for a finger (27 px), in the same line height. */}
          <EmailLink
            address={submission.email}
            className="-my-1 inline-block py-1 text-moss-dark underline-offset-4 hover:underline"
          />
        </Field>
        <Field label="Telefon">
          {submission.phone?.trim() ? (
            <PhoneLink phone={submission.phone} className="-my-1 inline-block py-1" />
          ) : (
            emptyCell
          )}
        </Field>
        <Field label="Služba">{serviceLabel(submission)}</Field>
      </dl>
      {submission.message?.trim() && (
        <p
          data-message
          className="mt-3 line-clamp-3 whitespace-pre-line text-[0.9375rem] text-bark [overflow-wrap:anywhere]"
        >
          {submission.message}
        </p>
      )}
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-bark/10 pt-2">
        <Link
          to={adminRecordPath(submission.id)}
          className="inline-flex min-h-11 items-center font-semibold text-moss-dark underline-offset-4 hover:underline"
        >
          Otevřít záznam
        </Link>
        <DeleteSubmissionButton submission={submission} onDelete={onDelete} />
      </div>
    </article>
  );
}

/** The list below 1024 px: cards, newest first; long lists windowed as the table is. */
export function SubmissionCards({
  submissions,
  onDelete,
}: {
  submissions: Submission[];
  onDelete: (submission: Submission) => void;
}) {
  const keys = useMemo(() => submissions.map((submission) => submission.id), [submissions]);
  const windowed = submissions.length >= windowedCardsFrom;
  const { bodyRef, start, end, spaceAbove, spaceBelow } = useRowWindow<HTMLUListElement>(
    windowed ? keys : [],
  );
  const shown = windowed ? submissions.slice(start, end) : submissions;
  return (
    <ul ref={bodyRef} aria-label="Seznam odeslaných dat" data-submission-list>
      {windowed && <SpacerItem height={spaceAbove} />}
      {shown.map((submission) => (
        <li key={submission.id} data-submission-id={submission.id} className="pb-3">
          <SubmissionCard submission={submission} onDelete={onDelete} />
        </li>
      ))}
      {windowed && <SpacerItem height={spaceBelow} />}
    </ul>
  );
}
