import { ArrowRight, ShieldCheck, Sprout } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import { memberAreaAnchor, paths } from "#shared/routes";
import { CredentialsForm } from "~/components/auth/credentials-form";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { RecoveryRequestForm } from "~/components/auth/recovery-request-form";
import { TwoFactorCodeForm } from "~/components/auth/two-factor-code-form";
import { BackHomeLink } from "~/components/back-home-link";
import { LeafSprig } from "~/components/ui/botanical";
import { ButtonLink } from "~/components/ui/button";
import { getAuthClient } from "~/lib/auth-client";
import type { FlashNotice } from "~/lib/flash-notice";
import { typeset } from "~/lib/typography";

export type SignInMode =
  | "login"
  | "register"
  | "recover"
  | "new-password"
  | "code"
  /** A recovery link of an account with an authenticator app: its code before the new password. */
  | "code-before-new-password";

/** The administration's door: the members' own is on the members' page. */
const administration = "Administrace";
/** Registration and passwords serve every account, members' too. */
const account = "Účet na webu";

const headings: Record<SignInMode, { eyebrow: string; title: string; lead: string }> = {
  login: {
    eyebrow: administration,
    title: "Přihlášení do administrace",
    lead: "Přihlaste se e-mailem a heslem svého účtu administrátora.",
  },
  register: {
    eyebrow: account,
    title: "Registrace",
    lead: "Založte si účet. Odkaz z e-mailu, kterým adresu potvrdíte, vás přivede do členské sekce; tam mě můžete požádat o přístup k materiálům.",
  },
  recover: {
    eyebrow: account,
    title: "Zapomenuté heslo",
    lead: "Napište e-mail svého účtu a přijde vám na něj odkaz, kterým si nastavíte nové heslo.",
  },
  "new-password": {
    eyebrow: account,
    title: "Nové heslo",
    lead: "Zvolte si nové heslo. Ostatní přihlášená zařízení se tím odhlásí.",
  },
  code: {
    eyebrow: administration,
    title: "Kód z aplikace",
    lead: "Účet chrání ještě druhý krok: kód z aplikace ve vašem telefonu.",
  },
  "code-before-new-password": {
    eyebrow: account,
    title: "Kód z aplikace",
    lead: "Než si nastavíte nové heslo, zadejte kód z aplikace ve svém telefonu.",
  },
};

const membersArea = `${paths.members}#${memberAreaAnchor}`;

/** The members' door, named on the administration's: „Jste členka? Přihlaste se v členské sekci“. */
function MembersDoor() {
  return (
    <p className="mt-6 flex items-start gap-3 rounded-2xl bg-cream px-4 py-3 leading-snug text-bark ring-1 ring-terracotta/40">
      <Sprout aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-terracotta-dark" />
      <span>
        Jste členka?{" "}
        <Link
          to={membersArea}
          className="font-semibold text-moss-dark underline underline-offset-4"
        >
          Přihlaste se v{"\u00a0"}členské sekci
        </Link>
      </span>
    </p>
  );
}

/**
 * Next to the specification's refusal of an account without the admin role:
 * where her own things are. Signed out by the refusal, she signs in there
 * again; still signed in (the page found her session), she is in at once.
 */
function NotAdminPointer({ signedIn }: { signedIn: boolean }) {
  return (
    <div
      role="status"
      className="mt-6 rounded-[2rem] bg-sand/70 p-6 text-bark ring-1 ring-bark/10 sm:p-7"
    >
      <p className="font-semibold">
        {signedIn ? authNotices.notAdminYet : authNotices.notAdminAtSignIn}
      </p>
      <p className="mt-2 leading-relaxed text-bark-soft">
        {typeset(
          signedIn
            ? "Materiály pro členky najdete v členské sekci; váš účet je tam už přihlášený."
            : "Materiály pro členky najdete v členské sekci. Přihlaste se prosím tam, stejným e-mailem a heslem.",
        )}
      </p>
      <ButtonLink to={membersArea} className="mt-5 w-full sm:w-auto">
        Přejít do členské sekce
        <ArrowRight aria-hidden="true" className="size-5" />
      </ButtonLink>
    </div>
  );
}

export function SignInScreen({
  initialMode,
  notice,
  returnTo,
  notAdmin,
}: {
  initialMode: SignInMode;
  notice: FlashNotice | null;
  /** The administration's page to open after the sign-in, instead of /admin. */
  returnTo: string | null;
  /** Found signed in with an account that is no administrator's. */
  notAdmin: boolean;
}) {
  const [mode, setMode] = useState<SignInMode>(initialMode);
  /** An account without the admin role was refused here: signed out by it, or found signed in. */
  const [refused, setRefused] = useState<"signed-in" | "signed-out" | null>(
    notAdmin ? "signed-in" : null,
  );
  const destination = returnTo ?? paths.admin;
  const shown = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!notice || shown.current) return;
    shown.current = true;
    toast[notice.tone](notice.text);
  }, [notice]);

  function switchTo(next: SignInMode) {
    setMode(next);
    setRefused(null);
    // Screen reader and keyboard users land on the new heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  const { eyebrow, title, lead } = headings[mode];
  let form: ReactNode;
  if (mode === "login" || mode === "register") {
    form = (
      <CredentialsForm
        mode={mode}
        onModeChange={switchTo}
        onForgotPassword={() => switchTo("recover")}
        onNeedsCode={() => switchTo("code")}
        onNotAdmin={() => setRefused("signed-out")}
        destination={destination}
      />
    );
  } else if (mode === "recover") {
    form = <RecoveryRequestForm onBack={() => switchTo("login")} />;
  } else if (mode === "code" || mode === "code-before-new-password") {
    form = (
      <TwoFactorCodeForm
        onCancel={() => {
          void getAuthClient()
            .signOut({ scope: "local" })
            .finally(() => switchTo("login"));
        }}
        onVerified={mode === "code" ? undefined : () => switchTo("new-password")}
        destination={destination}
      />
    );
  } else {
    form = (
      <NewPasswordForm
        onDone={() => switchTo("login")}
        onNeedsCode={() => switchTo("code-before-new-password")}
      />
    );
  }

  return (
    <main
      id="main"
      className="relative isolate overflow-hidden bg-linear-to-b from-sand/70 via-cream to-cream px-4 py-12 sm:px-8 sm:py-20"
    >
      <LeafSprig className="pointer-events-none absolute -top-6 -right-10 -z-10 w-40 rotate-12 text-sage/80 sm:w-60" />
      <LeafSprig className="pointer-events-none absolute -bottom-8 -left-10 -z-10 hidden w-52 -rotate-[160deg] text-sage/60 sm:block" />
      <div className="mx-auto w-full max-w-md">
        <p className="text-center text-sm font-semibold tracking-[0.2em] text-terracotta-dark uppercase">
          {eyebrow}
        </p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-3 text-center text-4xl font-semibold text-bark focus-visible:outline-none sm:text-5xl"
        >
          {title}
        </h1>
        <p className="mt-4 text-center leading-relaxed text-bark-soft">{typeset(lead)}</p>
        {returnTo && mode === "login" ? (
          <p className="mt-2 text-center leading-relaxed text-bark-soft">
            {typeset("Po přihlášení se otevře stránka, na kterou vede váš odkaz.")}
          </p>
        ) : null}

        {refused ? <NotAdminPointer signedIn={refused === "signed-in"} /> : null}
        {mode === "login" && !refused ? <MembersDoor /> : null}

        <div className="mt-8 rounded-[2rem] bg-white/80 p-6 shadow-sm ring-1 ring-bark/10 sm:p-8">
          {form}
        </div>

        <p className="mt-6 flex items-start gap-3 rounded-2xl bg-sage-light/70 px-4 py-3 text-[0.9375rem] leading-snug text-bark">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-moss-dark" />
          <span>
            {typeset(
              "Přístup do administrace je pouze pro administrátory. Registrace sama oprávnění administrátora nedává.",
            )}
          </span>
        </p>

        <p className="mt-8 text-center">
          <BackHomeLink />
        </p>
      </div>
    </main>
  );
}
