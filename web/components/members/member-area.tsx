import { CircleCheck, KeyRound, LogIn, LogOut, Sprout, UserPlus } from "lucide-react";
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { authNotices, signInSchema } from "#shared/auth-schemas";
import {
  accessRequestIntervalMs,
  type MemberMaterialJson,
  memberAccessMessages,
} from "#shared/member-access";
import { formatPragueMoment } from "#shared/prague-time";
import { memberAreaAnchor, paths } from "#shared/routes";
import { signInPathFor } from "#shared/sign-in-modes";
import { ConfirmationReminder, isEmailNotConfirmed } from "~/components/auth/confirmation-reminder";
import { PasswordChange } from "~/components/auth/password-change";
import { EmailAddress } from "~/components/email-link";
import { announceMemberAreaStatus } from "~/components/members/area-status";
import { MembersMaterials } from "~/components/members/members-materials";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { PasswordField } from "~/components/ui/password-field";
import { Spinner } from "~/components/ui/spinner";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { fieldErrors } from "~/lib/field-errors";
import {
  fetchMemberAccess,
  fetchMemberMaterials,
  MembersApiError,
  requestMemberAccess,
} from "~/lib/members-api";
import { typeset } from "~/lib/typography";

// Only a password-reset link needs it: its code loads then.
const MemberNewPassword = lazy(() =>
  import("~/components/members/member-new-password").then((module) => ({
    default: module.MemberNewPassword,
  })),
);

/** What the members' area shows. */
type View =
  | { kind: "signed-out" }
  | { kind: "checking" }
  | { kind: "new-password" }
  | {
      kind: "member";
      email: string;
      materials: MemberMaterialJson[] | "loading" | "preparing" | "failed";
    }
  | { kind: "no-role"; email: string; requestedAt: string | null; sending: boolean };

type Notice = { tone: "info" | "error"; text: string } | null;

const texts = {
  signInTitle: "Přihlášení do členské sekce",
  signInLead:
    "Přihlaste se e-mailem a heslem svého účtu. Když máte přístup, najdete tady nahrávky, videa a materiály ke stažení.",
  membersTitle: "Vaše materiály",
  newPasswordTitle: "Nové heslo",
  newPasswordLead:
    "Zvolte si nové heslo ke svému účtu. Ostatní přihlášená zařízení se tím odhlásí.",
  noRoleTitle: "Přístup do členské sekce",
  noRoleLead:
    "Váš účet zatím přístup do členské sekce nemá. Materiály v ní jsou pro ty, kdo se mnou chodí na setkání a kurzy. O přístup stačí požádat, žádost mi přijde e-mailem.",
  requestSent:
    "Děkuji, žádost o přístup mám. Jakmile vám ho otevřu, najdete tady po přihlášení všechny materiály.",
  preparing:
    "Materiály pro vás právě připravuji. Jakmile je nahraju, najdete je tady – stačí se sem vrátit.",
  empty: "Zatím tu žádné materiály nejsou. Jakmile nějaké přidám, najdete je tady.",
  failed: "Materiály se teď nepodařilo načíst. Zkuste to prosím za chvíli znovu.",
  requestFailed: "Žádost se nepodařilo odeslat. Zkuste to prosím za chvíli znovu.",
  sessionEnded: "Vypršelo přihlášení. Přihlaste se prosím znovu.",
} as const;

/**
 * The members' part of `/clenska-sekce`: the sign-in for members (the same
 * accounts as `/prihlaseni`, which stays the administrators' door), then the
 * materials for a member or an administrator, or a way to ask for access.
 * Its code, with the session library, loads only when the visitor uses the
 * form or a session is stored (`LoadWhenNear` in the route); the signed-out
 * form is what the page was pre-rendered with.
 */
/**
 * Whether the page was opened by her password-reset link: read before the
 * session library takes the session from the address (and clears it).
 */
function openedByRecoveryLink(): boolean {
  // Pre-rendering: no address, no link.
  if (typeof window === "undefined") return false;
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  return fragment.get("type") === "recovery" && fragment.has("access_token");
}

export function MemberArea() {
  const [recoveryLink] = useState(openedByRecoveryLink);
  const [view, setView] = useState<View>({ kind: "signed-out" });
  // The hero's button says where it leads: the sign-in, her materials, or her access.
  useEffect(() => {
    announceMemberAreaStatus(
      view.kind === "member" || view.kind === "no-role" ? view.kind : "signed-out",
    );
  }, [view.kind]);
  // Gone with the page: the next visit's hero starts from the sign-in again.
  useEffect(() => () => announceMemberAreaStatus("signed-out"), []);
  const [notice, setNotice] = useState<Notice>(null);
  /** The address of a sign-in refused until it is confirmed: the e-mail may be sent again. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);

  const show = useCallback((next: View, { focus = false }: { focus?: boolean } = {}) => {
    moveFocus.current = focus;
    setView(next);
  }, []);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    headingRef.current?.focus();
  });

  const signOutLocally = useCallback(
    async (text: string) => {
      await getAuthClient().signOut({ scope: "local" });
      setNotice({ tone: "info", text });
      show({ kind: "signed-out" }, { focus: true });
    },
    [show],
  );

  /** Where a signed-in account belongs: the materials, or the request for access. */
  const enter = useCallback(
    async ({ focus }: { focus: boolean }) => {
      const { data } = await getAuthClient().getSession();
      const session = data.session;
      if (!session) {
        show({ kind: "signed-out" });
        return;
      }
      const email = session.user.email ?? "";
      try {
        const access = await fetchMemberAccess(session.access_token);
        if (!access.member) {
          show(
            { kind: "no-role", email, requestedAt: access.accessRequestedAt, sending: false },
            { focus },
          );
          return;
        }
        show({ kind: "member", email, materials: "loading" }, { focus });
        const materials = await fetchMemberMaterials(session.access_token);
        show({ kind: "member", email, materials });
      } catch (error) {
        if (error instanceof MembersApiError && error.status === 401) {
          await signOutLocally(texts.sessionEnded);
        } else if (error instanceof MembersApiError && error.code === "not_a_member") {
          show({ kind: "no-role", email, requestedAt: null, sending: false }, { focus });
        } else {
          show({ kind: "member", email, materials: "failed" }, { focus });
        }
      }
    },
    [show, signOutLocally],
  );

  // A session stored by an earlier visit (or by /prihlaseni), or brought by her link: straight
  // in; a password-reset link first asks for the new password.
  useEffect(() => {
    const stored = getAuthClient();
    void stored.getSession().then(({ data }) => {
      if (!data.session) return;
      if (recoveryLink) {
        show({ kind: "new-password" }, { focus: true });
        return;
      }
      show({ kind: "checking" });
      void enter({ focus: false });
    });
  }, [enter, show, recoveryLink]);

  async function signIn(fields: { email: string; password: string }) {
    const client = getAuthClient();
    const { data, error } = await client.signInWithPassword(fields);
    setUnconfirmed(isEmailNotConfirmed(error) ? fields.email : null);
    if (error || !data.session) {
      setNotice({ tone: "error", text: messageOf(error, authNotices.signInFailed) });
      return false;
    }
    setNotice(null);
    show({ kind: "checking" });
    await enter({ focus: true });
    return true;
  }

  async function requestAccess() {
    if (view.kind !== "no-role") return;
    setView({ ...view, sending: true });
    setNotice(null);
    try {
      const { data } = await getAuthClient().getSession();
      if (!data.session) throw new MembersApiError(401, "not_signed_in");
      const answer = await requestMemberAccess(data.session.access_token);
      setView({ ...view, sending: false, requestedAt: answer.accessRequestedAt });
    } catch (error) {
      if (error instanceof MembersApiError && error.status === 401) {
        await signOutLocally(texts.sessionEnded);
      } else if (error instanceof MembersApiError && error.code === "already_member") {
        await enter({ focus: true });
      } else if (error instanceof MembersApiError && error.code === "email_not_confirmed") {
        setView({ ...view, sending: false });
        setNotice({ tone: "error", text: memberAccessMessages.emailNotConfirmed });
      } else {
        setView({ ...view, sending: false });
        setNotice({ tone: "error", text: texts.requestFailed });
      }
    }
  }

  let title: string;
  let body: React.ReactNode;
  if (view.kind === "signed-out") {
    title = texts.signInTitle;
    body = <MemberSignInForm onSignIn={signIn} />;
  } else if (view.kind === "checking") {
    title = texts.signInTitle;
    body = <Spinner label="Ověřuji přihlášení…" className="py-10" />;
  } else if (view.kind === "new-password") {
    title = texts.newPasswordTitle;
    body = (
      <Suspense fallback={<Spinner label="Načítám…" className="py-10" />}>
        <MemberNewPassword
          onDone={() => {
            setNotice({ tone: "info", text: authNotices.passwordChanged });
            show({ kind: "checking" });
            void enter({ focus: true });
          }}
        />
      </Suspense>
    );
  } else if (view.kind === "member") {
    title = texts.membersTitle;
    body = (
      <>
        <SignedInBar email={view.email} onSignOut={() => signOutLocally(authNotices.signedOut)} />
        <MaterialsState state={view.materials} onRetry={() => enter({ focus: false })} />
        <PasswordChange idPrefix="member" className="mx-auto mt-12 max-w-3xl" />
      </>
    );
  } else {
    title = texts.noRoleTitle;
    body = (
      <>
        <SignedInBar email={view.email} onSignOut={() => signOutLocally(authNotices.signedOut)} />
        <AccessRequest
          requestedAt={view.requestedAt}
          sending={view.sending}
          onRequest={requestAccess}
        />
        <PasswordChange idPrefix="member" className="mx-auto mt-12 max-w-3xl" />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <h2
        ref={headingRef}
        tabIndex={-1}
        id="clenstvi-heading"
        className="text-center text-3xl font-semibold text-bark focus-visible:outline-none sm:text-4xl"
      >
        {typeset(title)}
      </h2>
      {view.kind === "signed-out" || view.kind === "new-password" ? (
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg leading-relaxed text-bark-soft">
          {typeset(view.kind === "signed-out" ? texts.signInLead : texts.newPasswordLead)}
        </p>
      ) : null}
      <div role="status" className="mx-auto max-w-md empty:hidden">
        {notice ? (
          <p
            className={`mt-6 rounded-2xl px-4 py-3 text-center font-semibold ${
              notice.tone === "error"
                ? "bg-terracotta/15 text-terracotta-dark"
                : "bg-sage-light text-moss-dark"
            }`}
          >
            {typeset(notice.text)}
          </p>
        ) : null}
      </div>
      {view.kind === "signed-out" && unconfirmed !== null ? (
        <ConfirmationReminder email={unconfirmed} className="mx-auto mt-3 max-w-md text-center" />
      ) : null}
      <div className="mt-8">{body}</div>
    </div>
  );
}

/** The signed-out form: pre-rendered, so it is on the page before any script. */
function MemberSignInForm({
  onSignIn,
}: {
  onSignIn?: (fields: { email: string; password: string }) => Promise<boolean>;
}) {
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !onSignIn) return;
    const form = event.currentTarget;
    // Read from the form itself: what was typed before the code arrived counts too.
    const data = new FormData(form);
    const parsed = signInSchema.safeParse({
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
    });
    if (!parsed.success) {
      setErrors(fieldErrors<"email" | "password">(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const signedIn = await onSignIn(parsed.data);
      if (!signedIn) {
        const password = form.elements.namedItem("password");
        if (password instanceof HTMLInputElement) password.value = "";
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-[1.2fr_1fr]">
      <noscript>
        <p className="rounded-2xl bg-sand px-4 py-3 font-semibold text-bark md:col-span-2">
          {typeset("K přihlášení do členské sekce je potřeba zapnutý JavaScript.")}
        </p>
      </noscript>
      <form
        noValidate
        method="post"
        action={`${paths.members}#${memberAreaAnchor}`}
        onSubmit={submit}
        className="rounded-[2rem] bg-white/80 p-6 shadow-sm ring-1 ring-bark/10 sm:p-8"
      >
        <div className="space-y-5">
          <TextField
            id="member-email"
            name="email"
            label="E-mail"
            type="email"
            autoComplete="username"
            inputMode="email"
            error={errors.email}
          />
          <PasswordField
            id="member-password"
            name="password"
            label="Heslo"
            autoComplete="current-password"
            error={errors.password}
          />
        </div>
        <Button type="submit" className="mt-7 w-full" disabled={submitting}>
          <LogIn aria-hidden="true" className="size-5" />
          {submitting ? "Přihlašuji…" : "Přihlásit se"}
        </Button>
      </form>
      <div className="flex flex-col gap-4 rounded-[2rem] bg-sage-light/70 p-6 sm:p-8">
        <p className="flex items-start gap-3 leading-relaxed text-bark">
          <UserPlus aria-hidden="true" className="mt-1 size-5 shrink-0 text-moss-dark" />
          <span>
            {typeset("Ještě nemáte účet? Založíte si ho")}{" "}
            <Link
              to={signInPathFor("register")}
              className="font-semibold text-moss-dark underline underline-offset-4"
            >
              registrací
            </Link>
            .
          </span>
        </p>
        <p className="flex items-start gap-3 leading-relaxed text-bark">
          <KeyRound aria-hidden="true" className="mt-1 size-5 shrink-0 text-moss-dark" />
          <span>
            {typeset("Nepamatujete si heslo? Nastavíte si nové přes odkaz")}{" "}
            <Link
              to={signInPathFor("recover")}
              className="font-semibold text-moss-dark underline underline-offset-4"
            >
              Zapomenuté heslo
            </Link>
            .
          </span>
        </p>
      </div>
    </div>
  );
}

function SignedInBar({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  return (
    <div className="mb-8 flex flex-col items-center justify-center gap-3 text-center sm:flex-row sm:gap-5">
      <p className="text-bark-soft">
        Přihlášený účet:{" "}
        <strong className="font-semibold text-bark">
          <EmailAddress address={email} />
        </strong>
      </p>
      <Button variant="secondary" onClick={onSignOut}>
        <LogOut aria-hidden="true" className="size-5" />
        Odhlásit se
      </Button>
    </div>
  );
}

function MaterialsState({
  state,
  onRetry,
}: {
  state: MemberMaterialJson[] | "loading" | "preparing" | "failed";
  onRetry: () => void;
}) {
  if (state === "loading") return <Spinner label="Načítám materiály…" className="py-10" />;
  if (state === "failed") {
    return (
      <div className="mx-auto max-w-xl text-center">
        <p className="text-lg text-bark">{typeset(texts.failed)}</p>
        <Button variant="secondary" className="mt-5" onClick={onRetry}>
          Zkusit znovu
        </Button>
      </div>
    );
  }
  if (state === "preparing" || state.length === 0) {
    return (
      <p className="mx-auto flex max-w-xl items-start gap-3 rounded-[2rem] bg-cream p-6 text-lg leading-relaxed text-bark ring-1 ring-bark/10">
        <Sprout aria-hidden="true" className="mt-1 size-6 shrink-0 text-moss-dark" />
        <span>{typeset(state === "preparing" ? texts.preparing : texts.empty)}</span>
      </p>
    );
  }
  return <MembersMaterials materials={state} />;
}

function AccessRequest({
  requestedAt,
  sending,
  onRequest,
}: {
  requestedAt: string | null;
  sending: boolean;
  onRequest: () => void;
}) {
  const recent =
    requestedAt !== null && Date.now() - Date.parse(requestedAt) < accessRequestIntervalMs;
  return (
    <div className="mx-auto max-w-2xl rounded-[2rem] bg-cream p-6 text-center shadow-sm ring-1 ring-bark/10 sm:p-9">
      <p className="text-lg leading-relaxed text-bark">{typeset(texts.noRoleLead)}</p>
      {recent ? (
        <div className="mt-6 rounded-2xl bg-sage-light/80 px-5 py-4 text-left">
          <p className="flex items-start gap-3 font-semibold text-moss-dark">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{typeset(texts.requestSent)}</span>
          </p>
          <p className="mt-2 pl-8 text-sm text-bark-soft">
            Žádost odešla {formatPragueMoment(requestedAt)}.
          </p>
        </div>
      ) : (
        <Button className="mt-6" onClick={onRequest} disabled={sending}>
          {sending ? "Odesílám…" : "Požádat o přístup"}
        </Button>
      )}
    </div>
  );
}
