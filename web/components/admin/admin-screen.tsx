import { MoveHorizontal, NotebookPen } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import type { Submission } from "#shared/submission";
import { AdminFrame } from "~/components/admin/admin-frame";
import { DeleteSubmissionDialog } from "~/components/admin/delete-submission-dialog";
import { PasswordChange } from "~/components/admin/password-change";
import { totalRecords } from "~/components/admin/submission-format";
import { SubmissionsTable } from "~/components/admin/submissions-table";
import { TwoFactorSetup } from "~/components/admin/two-factor-setup";
import { fetchSubmissions, requestSubmissionDeletion } from "~/lib/admin-api";
import { currentAccessToken } from "~/lib/admin-session";
import { czech } from "~/lib/typography";

export function AdminScreen({
  email,
  initialSubmissions,
  listFailed,
  needsSetup: initialNeedsSetup,
}: {
  email: string;
  initialSubmissions: Submission[];
  listFailed: boolean;
  /** She must set up her authenticator app before any data is shown. */
  needsSetup: boolean;
}) {
  const [submissions, setSubmissions] = useState(initialSubmissions);
  const [pendingDelete, setPendingDelete] = useState<Submission | null>(null);
  const [needsSetup, setNeedsSetup] = useState(initialNeedsSetup);

  useEffect(() => {
    if (listFailed) toast.error(authNotices.listFailed);
  }, [listFailed]);

  const reload = useCallback(async () => {
    try {
      setSubmissions(await fetchSubmissions(await currentAccessToken()));
    } catch {
      setSubmissions([]);
      toast.error(authNotices.listFailed);
    }
  }, []);

  async function confirmDelete(submission: Submission) {
    try {
      await requestSubmissionDeletion(await currentAccessToken(), submission.id);
    } catch {
      toast.error(authNotices.deleteFailed);
      return;
    }
    toast.success(authNotices.deleted);
    await reload();
  }

  return (
    <AdminFrame email={email}>
      {needsSetup ? (
        <TwoFactorSetup
          onDone={() => {
            setNeedsSetup(false);
            void reload();
          }}
        />
      ) : (
        <>
          <section
            aria-labelledby="submissions-heading"
            className="mt-10 rounded-[2rem] bg-cream p-4 shadow-sm ring-1 ring-bark/10 sm:p-8"
          >
            <div className="mb-6 px-2 sm:px-0">
              <h2 id="submissions-heading" className="text-2xl font-semibold text-bark sm:text-3xl">
                {czech("Odeslaná data z formulářů")}
              </h2>
              <p className="mt-2 text-bark-soft" aria-live="polite">
                {totalRecords(submissions.length)}
              </p>
              {submissions.length > 0 && (
                <p className="mt-1 flex items-center gap-1.5 text-sm text-bark-soft lg:hidden">
                  <MoveHorizontal aria-hidden="true" className="size-4" />
                  Tabulku můžete posouvat do stran.
                </p>
              )}
            </div>
            <SubmissionsTable submissions={submissions} onDelete={setPendingDelete} />
          </section>

          <section
            aria-labelledby="note-heading"
            className="mt-8 rounded-[2rem] bg-sage-light/60 p-6 ring-1 ring-moss/15 sm:p-8"
          >
            <h2
              id="note-heading"
              className="flex items-center gap-3 text-2xl font-semibold text-bark"
            >
              <NotebookPen aria-hidden="true" className="size-6 text-moss-dark" />
              Poznámka
            </h2>
            <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">
              {czech(
                "Účty si lidé zakládají sami na stránce přihlášení. V části „Uživatelé a role“ jim teď můžete přidělit nebo odebrat přístup do členské sekce i do administrace a každá taková změna se zapíše do „Záznamů změn“. Nahrávání materiálů pro členskou sekci se teprve připravuje.",
              )}
            </p>
          </section>
          <PasswordChange />
        </>
      )}
      <DeleteSubmissionDialog
        submission={pendingDelete}
        onCancel={() => setPendingDelete(null)}
        onConfirm={(submission) => void confirmDelete(submission)}
      />
    </AdminFrame>
  );
}
