import { clsx } from "clsx";
import { Trash2 } from "lucide-react";
import { useSyncExternalStore } from "react";
import type { Submission } from "#shared/submission";
import { mailStateLabels, stateWords } from "~/components/admin/inbox-filter";
import { splitSubmittedAt } from "~/components/admin/submission-format";

/** Date and time, which may wrap between them and nowhere else. */
export function SubmittedAt({ isoTime }: { isoTime: string }) {
  const [date, time] = splitSubmittedAt(isoTime);
  return (
    <time dateTime={isoTime}>
      <span className="whitespace-nowrap">{date}</span>{" "}
      <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

function Badge({
  tone,
  children,
}: {
  tone: "new" | "done" | "failed" | "waiting";
  children: string;
}) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tone === "new" && "bg-moss text-cream",
        tone === "done" && "bg-sage-light text-moss-dark ring-1 ring-moss/20",
        tone === "failed" && "bg-terracotta-dark text-cream",
        tone === "waiting" && "bg-sand text-bark ring-1 ring-bark/15",
      )}
    >
      {children}
    </span>
  );
}

/** „Nová“, „Vyřízená“ (as the record names its state), and how its e-mails fared when not all went out. */
export function StateBadges({
  submission,
  className,
}: {
  submission: Submission;
  className?: string;
}) {
  const isNew = !submission.read_at;
  const handled = Boolean(submission.handled_at);
  const mail = submission.mail_state;
  if (!isNew && !handled && (mail === "sent" || !mail)) return null;
  return (
    <span className={clsx("flex flex-wrap gap-1.5", className)} data-state-badges>
      {isNew && <Badge tone="new">{stateWords.new}</Badge>}
      {handled && <Badge tone="done">{stateWords.handled}</Badge>}
      {mail === "failed" && <Badge tone="failed">{mailStateLabels.failed}</Badge>}
      {mail === "pending" && <Badge tone="waiting">{mailStateLabels.pending}</Badge>}
    </span>
  );
}

/** A phone number as a link that dials it; spaces kept for reading, left out of the link. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, "")}`}
      className={clsx(
        "whitespace-nowrap text-moss-dark underline-offset-4 hover:underline",
        className,
      )}
    >
      {phone}
    </a>
  );
}

const wideQuery = "(min-width: 1024px)";

/** True from 1024 px up, where the list is the specification's table; below, cards. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(wideQuery);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );
}

/** The card's and the table row's delete button, which opens the question (DeleteSubmissionDialog). */
export function DeleteSubmissionButton({
  submission,
  onDelete,
}: {
  submission: Submission;
  onDelete: (submission: Submission) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onDelete(submission)}
      className="inline-flex size-11 items-center justify-center rounded-full text-terracotta-dark transition-colors hover:bg-terracotta/10"
    >
      <Trash2 aria-hidden="true" className="size-5" />
      <span className="sr-only">Smazat záznam: {submission.name}</span>
    </button>
  );
}
