import type { Submission } from "#shared/submission";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";

/** „Opravdu smazat?“ – an outside click does not close it; only „Zrušit“, Escape or „Smazat“ do. */
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
        <AlertDialogDescription>
          Tuto akci nelze vrátit zpět. Záznam bude trvale odstraněn.
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
