import type { Submission } from "#shared/submission";
import { formatSubmittedAt, formTypeLabel } from "~/components/admin/submission-format";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";

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
    <AlertDialog
      open={submission !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>Opravdu smazat?</AlertDialogTitle>
        <AlertDialogDescription asChild>
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
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Zrušit</AlertDialogCancel>
          <AlertDialogAction onClick={() => submission && onConfirm(submission)}>
            Smazat
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
