import { ArrowLeft, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { paths } from "#shared/routes";
import { CredentialsForm } from "~/components/auth/credentials-form";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { RecoveryRequestForm } from "~/components/auth/recovery-request-form";
import { TwoFactorCodeForm } from "~/components/auth/two-factor-code-form";
import { LeafSprig } from "~/components/ui/botanical";
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

const headings: Record<SignInMode, { title: string; lead: string }> = {
  login: {
    title: "Přihlášení",
    lead: "Přihlaste se e-mailem a heslem svého účtu.",
  },
  register: {
    title: "Registrace",
    lead: "Založte si účet. Do administrace vás pustí až oprávnění, které uděluje majitelka webu.",
  },
  recover: {
    title: "Zapomenuté heslo",
    lead: "Napište e-mail svého účtu a přijde vám na něj odkaz, kterým si nastavíte nové heslo.",
  },
  "new-password": {
    title: "Nové heslo",
    lead: "Zvolte si nové heslo. Ostatní přihlášená zařízení se tím odhlásí.",
  },
  code: {
    title: "Kód z aplikace",
    lead: "Účet chrání ještě druhý krok: kód z aplikace ve vašem telefonu.",
  },
  "code-before-new-password": {
    title: "Kód z aplikace",
    lead: "Než si nastavíte nové heslo, zadejte kód z aplikace ve svém telefonu.",
  },
};

export function SignInScreen({
  initialMode,
  notice,
}: {
  initialMode: SignInMode;
  notice: FlashNotice | null;
}) {
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const shown = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!notice || shown.current) return;
    shown.current = true;
    toast[notice.tone](notice.text);
  }, [notice]);

  function switchTo(next: SignInMode) {
    setMode(next);
    // Screen reader and keyboard users land on the new heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  const { title, lead } = headings[mode];
  let form: ReactNode;
  if (mode === "login" || mode === "register") {
    form = (
      <CredentialsForm
        mode={mode}
        onModeChange={switchTo}
        onForgotPassword={() => switchTo("recover")}
        onNeedsCode={() => switchTo("code")}
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
          Členská sekce
        </p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-3 text-center text-4xl font-semibold text-bark focus-visible:outline-none sm:text-5xl"
        >
          {title}
        </h1>
        <p className="mt-4 text-center leading-relaxed text-bark-soft">{typeset(lead)}</p>

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
          <Link
            to={paths.members}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Zpět do členské sekce
          </Link>
        </p>
      </div>
    </main>
  );
}
