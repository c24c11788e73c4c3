import { LogOut, MoveHorizontal, NotebookPen } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import type { Submission } from "#shared/submission";
import { DeleteSubmissionDialog } from "~/components/admin/delete-submission-dialog";
import { PasswordChange } from "~/components/admin/password-change";
import { totalRecords } from "~/components/admin/submission-format";
import { SubmissionsTable } from "~/components/admin/submissions-table";
import { TwoFactorSetup } from "~/components/admin/two-factor-setup";
import { Button } from "~/components/ui/button";
import { fetchSubmissions, requestSubmissionDeletion } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { setFlashNotice } from "~/lib/flash-notice";
import { czech } from "~/lib/typography";

/** The signed-in administrator's current access token (refreshed by the library when due). */
async function currentAccessToken(): Promise<string> {
  const { data, error } = await getAuthClient().getSession();
  if (error || !data.session) throw error ?? new Error("Not signed in");
  return data.session.access_token;
}

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
  const navigate = useNavigate();
  const [submissions, setSubmissions] = useState(initialSubmissions);
  const [pendingDelete, setPendingDelete] = useState<Submission | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [needsSetup, setNeedsSetup] = useState(initialNeedsSetup);
  const signedOutHere = useRef(false);

  useEffect(() => {
    if (listFailed) toast.error(authNotices.listFailed);
  }, [listFailed]);

  // Signing out in another tab (or the session ending) takes this tab away too.
  useEffect(() => {
    const { data } = getAuthClient().onAuthStateChange((event) => {
      if (event !== "SIGNED_OUT" || signedOutHere.current) return;
      // Outside the library's callback, which must not wait on a navigation.
      setTimeout(() => {
        setFlashNotice({ tone: "error", text: authNotices.mustSignIn });
        navigate(paths.members, { replace: true });
      }, 0);
    });
    return () => data.subscription.unsubscribe();
  }, [navigate]);

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

  async function signOut() {
    setSigningOut(true);
    signedOutHere.current = true;
    const { error } = await getAuthClient().signOut();
    if (error) {
      signedOutHere.current = false;
      setSigningOut(false);
      toast.error("Odhlášení se nepodařilo. Zkuste to prosím znovu.");
      return;
    }
    setFlashNotice({ tone: "success", text: authNotices.signedOut });
    navigate(paths.members, { replace: true });
  }

  return (
    <main
      id="main"
      className="bg-linear-to-b from-sand/60 via-cream to-cream px-4 py-10 sm:px-8 sm:py-14"
    >
      <div className="mx-auto max-w-7xl">
        <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-4xl font-semibold text-bark sm:text-5xl">Administrace</h1>
            <p className="mt-3 break-all text-bark-soft">
              Přihlášen jako: <span className="font-semibold text-bark">{email}</span>
            </p>
          </div>
          <Button
            variant="secondary"
            onClick={signOut}
            disabled={signingOut}
            className="self-start sm:self-auto"
          >
            <LogOut aria-hidden="true" className="size-5" />
            Odhlásit se
          </Button>
        </header>

        {!needsSetup && <PasswordChange />}

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
                <h2
                  id="submissions-heading"
                  className="text-2xl font-semibold text-bark sm:text-3xl"
                >
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
                  "V budoucnu zde bude možné přidávat uživatele, spravovat jejich role a nahrávat materiály do členské sekce.",
                )}
              </p>
            </section>
          </>
        )}
      </div>

      <DeleteSubmissionDialog
        submission={pendingDelete}
        onCancel={() => setPendingDelete(null)}
        onConfirm={(submission) => void confirmDelete(submission)}
      />
    </main>
  );
}
