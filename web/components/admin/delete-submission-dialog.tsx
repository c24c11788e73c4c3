import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import type { Submission } from "#shared/submission";
import { formatSubmittedAt, formTypeLabel } from "~/components/admin/submission-format";
import { AlertDialogAction, ConfirmDialog } from "~/components/ui/alert-dialog";
import { currentAccessToken, requestSubmissionDeletion } from "~/lib/admin-api";

/** Deletes a record once she has said yes, and tells her how it went: true when it is gone. */
export async function deleteSubmission(id: string): Promise<boolean> {
  try {
    await requestSubmissionDeletion(await currentAccessToken(), id);
  } catch {
    toast.error(authNotices.deleteFailed);
    return false;
  }
  toast.success(authNotices.deleted);
  return true;
}

/**
 * „Opravdu smazat?“ – an outside click does not close it; only „Zrušit“,
 * Escape or „Smazat“ do. It names the record: who sent it, which form, when.
 */
export function DeleteSubmissionDialog({
  submission,
  onCancel,
  onConfirm,
}: {
  submission: Submission | null;
  onCancel: () => void;
  onConfirm: (submission: Submission) => void;
}) {
  return (
    <ConfirmDialog
      open={submission !== null}
      onCancel={onCancel}
      title="Opravdu smazat?"
      description={
        <div>
          {submission && (
            <p data-record className="mb-2 rounded-xl bg-sand/50 px-3 py-2 text-bark">
              <span className="font-semibold [overflow-wrap:anywhere]">{submission.name}</span>
              <br />
              {formTypeLabel(submission.form_type)}, {formatSubmittedAt(submission.created_at)}
            </p>
          )}
          <p>Tuto akci nelze vrátit zpět. Záznam bude trvale odstraněn.</p>
        </div>
      }
      action={
        <AlertDialogAction onClick={() => submission && onConfirm(submission)}>
          Smazat
        </AlertDialogAction>
      }
    />
  );
}
