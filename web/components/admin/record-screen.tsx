import {
  ArrowLeft,
  Copy,
  MailCheck,
  MailWarning,
  Phone,
  Reply,
  RotateCcw,
  Send,
  Trash2,
  Undo2,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import { toFormType } from "#shared/form-schemas";
import { formatPragueMoment } from "#shared/prague-time";
import { paths } from "#shared/routes";
import type { SubmissionDetail, SubmissionMail, SubmissionStateChange } from "#shared/submission";
import { visitorMailSubjects } from "#shared/visitor-mail";
import { AdminFrame } from "~/components/admin/admin-frame";
import type { ListReturn } from "~/components/admin/admin-screen";
import {
  DeleteSubmissionDialog,
  deleteSubmission,
} from "~/components/admin/delete-submission-dialog";
import { listViewKey, stateLabel } from "~/components/admin/inbox-filter";
import { PhoneLink, StateBadges } from "~/components/admin/inbox-parts";
import {
  emptyField,
  formatSubmittedAt,
  formTypeName,
  serviceLabel,
} from "~/components/admin/submission-format";
import { EmailLink } from "~/components/email-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { changeSubmissionState, fetchSubmissionDetail, resendMail } from "~/lib/admin-api";
import { typeset } from "~/lib/typography";

export const recordNotices = {
  copied: "Adresa je zkopírovaná.",
  copyFailed: "Adresu se nepodařilo zkopírovat.",
  stateFailed: "Stav se nepodařilo změnit. Zkuste to prosím znovu.",
  markedHandled: "Zpráva je označená jako vyřízená.",
  markedNew: "Zpráva je označená jako nová.",
  markedRead: "Zpráva je označená jako přečtená.",
  resent: "E-mail je znovu na cestě.",
  resendFailed: "E-mail se nepodařilo znovu zařadit k odeslání.",
} as const;

/**
 * The subject her mail app gets for a reply: the e-mail the visitor received, continued
 * („Re: Vaše zpráva dorazila – Harmonie přírody“), or the form's name for a type it does not know.
 */
export function replySubject(formType: string): string {
  const known = toFormType(formType);
  return `Re: ${known ? visitorMailSubjects[known] : formTypeName(formType)}`;
}

const mailKinds: Record<string, string> = {
  owner_notification: "Upozornění pro vás",
  contact_confirmation: "Potvrzení odesílateli",
  gift_delivery: "Dárek odesílateli",
  gift_reminder: "Zpráva odesílateli, že dárek je na cestě",
};

/** Why an e-mail did not go, in words, from the mail server's reply. */
export function explainMailError(error: string | null): string | null {
  if (!error) return null;
  if (/\b5\d\d\b/.test(error))
    return "Poštovní server adresu odmítl. Zkontrolujte, zda je správně.";
  if (/\b4\d\d\b/.test(error)) return "Poštovní server zprávu zatím odmítl, zkusí se to znovu.";
  if (/ECONNREFUSED|ETIMEDOUT|ENOTFOUND|connect|timeout/i.test(error)) {
    return "Poštovní server nebyl k zastižení.";
  }
  return "Odeslání se nepodařilo.";
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-bark/10 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-bark-soft">{label}</dt>
      <dd className="min-w-0 text-bark">{children}</dd>
    </div>
  );
}

function MailRow({
  mail,
  onResend,
}: {
  mail: SubmissionMail;
  onResend: (mail: SubmissionMail) => void;
}) {
  const reason = explainMailError(mail.last_error);
  return (
    <li
      data-mail-id={mail.id}
      data-mail-status={mail.status}
      // Rows of the record's card, a failed one marked by its edge: no card inside a card.
      className={
        mail.status === "failed"
          ? "border-l-4 border-terracotta-dark bg-terracotta/10 py-3 pr-3 pl-4"
          : "border-l-4 border-sage py-3 pr-3 pl-4"
      }
    >
      <p className="font-semibold text-bark">{mailKinds[mail.kind] ?? mail.kind}</p>
      <p className="mt-1 text-[0.9375rem] text-bark-soft">
        Komu:{" "}
        <EmailLink
          address={mail.to}
          className="text-moss-dark underline-offset-4 hover:underline"
        />
      </p>
      <p className="mt-2 flex items-start gap-2 text-bark">
        {mail.status === "sent" && (
          <>
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-moss-dark" />
            <span>Odešel {mail.sent_at ? formatPragueMoment(mail.sent_at) : ""}</span>
          </>
        )}
        {mail.status === "pending" && (
          <>
            <Send aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-bark-soft" />
            <span>
              Čeká na odeslání
              {mail.attempts > 0 && reason ? ` – ${reason}` : ""}
            </span>
          </>
        )}
        {mail.status === "waiting" && (
          <>
            <Send aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-bark-soft" />
            <span>
              Čeká, až k dárku přidáte materiál (v části{" "}
              <Link
                to={paths.adminMaterials}
                className="text-moss-dark underline underline-offset-4"
              >
                Materiály
              </Link>
              ); pak se odešle sám.
            </span>
          </>
        )}
        {mail.status === "failed" && (
          <>
            <MailWarning
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-terracotta-dark"
            />
            <span>
              <strong>Neodešel.</strong> {reason && typeset(reason)}
            </span>
          </>
        )}
      </p>
      {mail.last_error && mail.status !== "sent" && (
        <p className="mt-1 text-sm text-bark-soft [overflow-wrap:anywhere]">
          Odpověď serveru: {mail.last_error}
        </p>
      )}
      {mail.status === "failed" && (
        <Button variant="secondary" className="mt-3" onClick={() => onResend(mail)}>
          <RotateCcw aria-hidden="true" className="size-5" />
          Odeslat znovu
        </Button>
      )}
    </li>
  );
}

/** Where „Zpět na seznam“ leads: the list as she left it (search and filters). */
function listLink(): string {
  try {
    return `${paths.admin}${sessionStorage.getItem(listViewKey) ?? ""}`;
  } catch {
    return paths.admin;
  }
}

/**
 * One record inside the administration's frame (its menu, „Odhlásit se“, and
 * the move away when she signs out in another tab), below the way back to the list.
 */
export function RecordScreen({
  email,
  initialDetail,
  missing,
  failed,
}: {
  email: string;
  initialDetail: SubmissionDetail | null;
  missing: boolean;
  failed: boolean;
}) {
  const navigate = useNavigate();
  const [detail, setDetail] = useState(initialDetail);
  const [deleting, setDeleting] = useState(false);
  const [back] = useState(listLink);

  useEffect(() => {
    if (failed) toast.error(authNotices.loadFailed);
  }, [failed]);

  // While an e-mail waits, look again every few seconds: she sees it go out.
  const waiting = detail?.mails.some((mail) => mail.status === "pending") ?? false;
  const id = detail?.submission.id;
  useEffect(() => {
    if (!waiting || !id) return;
    const timer = setInterval(() => {
      fetchSubmissionDetail(id)
        .then(setDetail)
        .catch(() => {});
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting, id]);

  const backLink = (
    <Link
      to={back}
      // The list brings this record's card back into view, where she was.
      state={id ? ({ openedRecord: id } satisfies ListReturn) : undefined}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      Zpět na seznam
    </Link>
  );

  if (!detail) {
    return (
      <AdminFrame email={email}>
        <div className="mt-5 max-w-4xl sm:mt-8">
          {backLink}
          <h2 className="mt-4 text-3xl font-semibold text-bark sm:text-4xl">
            {missing ? "Záznam nenalezen" : "Záznam se nepodařilo načíst"}
          </h2>
          <p className="mt-3 text-bark-soft">
            {missing
              ? typeset("Tento záznam už neexistuje, možná byl smazán.")
              : typeset("Zkuste stránku načíst znovu.")}
          </p>
        </div>
      </AdminFrame>
    );
  }

  const { submission, mails } = detail;

  async function setState(state: SubmissionStateChange) {
    try {
      setDetail(await changeSubmissionState(submission.id, state));
      toast.success(
        state === "handled"
          ? recordNotices.markedHandled
          : state === "read"
            ? recordNotices.markedRead
            : recordNotices.markedNew,
      );
    } catch {
      toast.error(recordNotices.stateFailed);
    }
  }

  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(submission.email);
      toast.success(recordNotices.copied);
    } catch {
      toast.error(recordNotices.copyFailed);
    }
  }

  async function resend(mail: SubmissionMail) {
    try {
      await resendMail(mail.id);
      toast.success(recordNotices.resent);
      setDetail(await fetchSubmissionDetail(submission.id));
    } catch {
      toast.error(recordNotices.resendFailed);
    }
  }

  async function confirmDelete() {
    if (await deleteSubmission(submission.id)) navigate(back, { replace: true });
  }

  const mailto = `mailto:${submission.email}?subject=${encodeURIComponent(replySubject(submission.form_type))}`;
  const actionClasses = buttonClasses("secondary", "px-4");

  return (
    <AdminFrame email={email}>
      <div className="mt-5 max-w-4xl sm:mt-8">
        {backLink}
        <article
          aria-labelledby="record-heading"
          className="mt-4 rounded-[2rem] bg-cream p-4 shadow-sm ring-1 ring-bark/10 sm:p-8"
        >
          <p className="text-sm font-semibold text-bark-soft">
            {formTypeName(submission.form_type)} · {formatSubmittedAt(submission.created_at)}
          </p>
          <h2
            id="record-heading"
            className="mt-1 text-3xl font-semibold text-bark [overflow-wrap:anywhere] sm:text-4xl"
          >
            {submission.name}
          </h2>
          <StateBadges submission={submission} className="mt-3" />

          <div className="mt-5 flex flex-wrap gap-2">
            <a href={mailto} className={buttonClasses("primary", "px-4")}>
              <Reply aria-hidden="true" className="size-5" />
              Odpovědět
            </a>
            {submission.phone?.trim() && (
              <a href={`tel:${submission.phone.replace(/[^\d+]/g, "")}`} className={actionClasses}>
                <Phone aria-hidden="true" className="size-5" />
                Zavolat
              </a>
            )}
            <Button variant="secondary" className="px-4" onClick={() => void copyAddress()}>
              <Copy aria-hidden="true" className="size-5" />
              Kopírovat adresu
            </Button>
            {submission.handled_at ? null : (
              <Button variant="secondary" className="px-4" onClick={() => void setState("handled")}>
                <MailCheck aria-hidden="true" className="size-5" />
                Označit jako vyřízenou
              </Button>
            )}
            {/* A handled message may be read only again (not done after all); a read one new again. */}
            {submission.handled_at ? (
              <Button variant="secondary" className="px-4" onClick={() => void setState("read")}>
                <Undo2 aria-hidden="true" className="size-5" />
                Označit jako přečtenou
              </Button>
            ) : submission.read_at ? (
              <Button variant="secondary" className="px-4" onClick={() => void setState("new")}>
                <Undo2 aria-hidden="true" className="size-5" />
                Označit jako novou
              </Button>
            ) : null}
            <Button
              variant="ghost"
              className="px-4 text-terracotta-dark"
              onClick={() => setDeleting(true)}
            >
              <Trash2 aria-hidden="true" className="size-5" />
              Smazat
            </Button>
          </div>

          <h3 className="mt-6 text-xl font-semibold text-bark">Zpráva</h3>
          <div
            data-full-message
            className="mt-3 border-l-4 border-sage py-1 pl-4 leading-relaxed whitespace-pre-wrap text-bark [overflow-wrap:anywhere]"
          >
            {submission.message?.trim() ? submission.message : emptyField}
          </div>

          <dl className="mt-6">
            <Field label="Datum">
              <time dateTime={submission.created_at}>
                {formatSubmittedAt(submission.created_at)}
              </time>
            </Field>
            <Field label="Typ formuláře">{formTypeName(submission.form_type)}</Field>
            <Field label="Jméno">
              <span className="[overflow-wrap:anywhere]">{submission.name}</span>
            </Field>
            <Field label="E-mail">
              <EmailLink
                address={submission.email}
                className="text-moss-dark underline-offset-4 hover:underline"
              />
            </Field>
            <Field label="Telefon">
              {submission.phone?.trim() ? <PhoneLink phone={submission.phone} /> : emptyField}
            </Field>
            <Field label="Služba">{serviceLabel(submission, emptyField)}</Field>
            <Field label="Souhlas se zpracováním údajů">
              {submission.privacy_consent ? "Ano" : "Ne"}
            </Field>
            <Field label="Stav">{stateLabel(submission)}</Field>
          </dl>

          <h3 className="mt-8 text-xl font-semibold text-bark">E-maily k záznamu</h3>
          {mails.length === 0 ? (
            <p className="mt-3 text-bark-soft">{typeset("Tento záznam neodeslal žádný e-mail.")}</p>
          ) : (
            <ul className="mt-3 grid gap-3">
              {mails.map((mail) => (
                <MailRow key={mail.id} mail={mail} onResend={(chosen) => void resend(chosen)} />
              ))}
            </ul>
          )}
        </article>
      </div>
      <DeleteSubmissionDialog
        submission={deleting ? submission : null}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void confirmDelete()}
      />
    </AdminFrame>
  );
}
