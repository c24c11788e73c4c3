import { CircleAlert, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { authMessages, signUpSchema } from "#shared/auth-schemas";
import { firstAdminMessages } from "#shared/first-admin";
import { paths } from "#shared/routes";
import { TwoFactorSetup } from "~/components/admin/two-factor-setup";
import { firstPasswordLabels, NewPasswordFields } from "~/components/auth/new-password-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { getAuthClient } from "~/lib/auth-client";
import { fieldErrors } from "~/lib/field-errors";
import { createFirstAdmin, FirstAdminError } from "~/lib/first-admin-api";
import { typeset } from "~/lib/typography";

export const firstAdminTexts = {
  created: "Účet je založený a přihlášený.",
  stepAccount: "Krok 1 ze 2: účet",
  stepApp: "Krok 2 ze 2: kód z aplikace",
} as const;

type Fields = { email: string; fullName: string; password: string; confirmation: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** Why the link cannot make an account: the page says so instead of the form. */
type DeadLink = { title: string; message: string; signIn: boolean };

const spentTitle = "Účet se nepodařilo založit";

/**
 * The page the set-up link opens while the site has no administrator: she
 * creates her account (confirmed and an administrator at once: the link came
 * from the server's log), is signed in, sets up her authenticator app and
 * goes on to the administration.
 */
export function FirstAdminScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<"account" | "app">("account");
  const [deadLink, setDeadLink] = useState<DeadLink | null>(
    token
      ? null
      : { title: "Odkaz není celý", message: firstAdminMessages.tokenMissing, signIn: false },
  );
  const stepRef = useRef<HTMLParagraphElement>(null);

  function accountCreated() {
    // The link is spent: it leaves the address, and the history.
    history.replaceState(history.state, "", location.pathname);
    toast.success(firstAdminTexts.created);
    setStep("app");
    requestAnimationFrame(() => stepRef.current?.focus());
  }

  return (
    <main
      id="main"
      className="bg-linear-to-b from-sand/60 via-cream to-cream px-4 py-6 sm:px-8 sm:py-14"
    >
      <div className="mx-auto max-w-7xl">
        <header>
          <h1 className="text-[clamp(1.5rem,7.5vw,1.875rem)] font-semibold text-bark sm:text-5xl">
            Administrace
          </h1>
          <p
            ref={stepRef}
            tabIndex={-1}
            className="mt-1 text-bark-soft focus-visible:outline-none sm:mt-2"
          >
            {deadLink
              ? null
              : step === "account"
                ? firstAdminTexts.stepAccount
                : firstAdminTexts.stepApp}
          </p>
        </header>

        {step === "app" ? (
          <TwoFactorSetup onDone={() => navigate(paths.admin, { replace: true })} />
        ) : (
          <section
            aria-labelledby="first-admin-heading"
            className="mt-5 rounded-[2rem] bg-cream p-6 shadow-sm ring-1 ring-bark/10 sm:mt-10 sm:p-10"
          >
            <h2 id="first-admin-heading" className="text-2xl font-semibold text-bark sm:text-3xl">
              {typeset(deadLink?.title ?? "Založte si účet administrátora")}
            </h2>
            <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:gap-x-16">
              {deadLink ? (
                <DeadLinkNotice deadLink={deadLink} />
              ) : (
                <div>
                  <p className="leading-relaxed text-bark-soft">
                    {typeset(
                      "Web zatím nemá žádného administrátora. Tímto účtem ho budete spravovat: uvidíte data odeslaná z formulářů, nahrajete materiály a dalším lidem přidělíte přístup.",
                    )}
                  </p>
                  <AccountForm token={token} onCreated={accountCreated} onDead={setDeadLink} />
                </div>
              )}
              <p className="flex items-start gap-3 self-start rounded-2xl bg-sage-light/70 px-4 py-3 text-[0.9375rem] leading-snug text-bark lg:mt-1">
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-moss-dark" />
                <span>
                  {typeset(
                    "Odkaz na tuto stránku vypsal server při spuštění. Platí hodinu a jen jednou. Kdo ho má, může si založit účet administrátora bez potvrzení e-mailem, proto ho nikomu neposílejte. Po založení účtu si ještě nastavíte ověřování kódem z aplikace v telefonu.",
                  )}
                </span>
              </p>
            </div>
          </section>
        )}
      </div>
    </main>
  );
}

function DeadLinkNotice({ deadLink }: { deadLink: DeadLink }) {
  // It takes the place of the form, and of the button that had the focus.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => noticeRef.current?.focus(), []);
  return (
    <div ref={noticeRef} tabIndex={-1} className="focus-visible:outline-none">
      <p
        role="alert"
        className="flex items-start gap-3 rounded-2xl bg-terracotta/10 p-4 leading-snug text-terracotta-dark"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{typeset(deadLink.message)}</span>
      </p>
      {deadLink.signIn && (
        <Link to={paths.signIn} className={buttonClasses("primary", "mt-6")}>
          Přejít na přihlášení
        </Link>
      )}
    </div>
  );
}

function AccountForm({
  token,
  onCreated,
  onDead,
}: {
  token: string;
  onCreated: () => void;
  onDead: (deadLink: DeadLink) => void;
}) {
  const [fields, setFields] = useState<Fields>({
    email: "",
    fullName: "",
    password: "",
    confirmation: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function update(field: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Every refused field at once, the first of them focused. */
  function refuse(found: FieldErrors) {
    setErrors(found);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = signUpSchema.safeParse(fields);
    const found: FieldErrors = parsed.success ? {} : fieldErrors<keyof Fields>(parsed.error.issues);
    if (!found.password && fields.confirmation !== fields.password) {
      found.confirmation = authMessages.passwordsDiffer;
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setSubmitting(true);
    try {
      const session = await createFirstAdmin({ ...parsed.data, token });
      const { error } = await getAuthClient().setSession(session);
      if (error) throw error;
      onCreated();
    } catch (thrown) {
      if (thrown instanceof FirstAdminError && thrown.code === "setup_link_invalid") {
        onDead({ title: spentTitle, message: thrown.message, signIn: true });
      } else if (thrown instanceof FirstAdminError && thrown.code === "admin_exists") {
        onDead({ title: spentTitle, message: thrown.message, signIn: true });
      } else if (thrown instanceof FirstAdminError && Object.keys(thrown.fields).length > 0) {
        refuse(thrown.fields as FieldErrors);
      } else {
        toast.error(
          thrown instanceof FirstAdminError && thrown.status < 500
            ? thrown.message
            : firstAdminMessages.failed,
        );
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-6">
      <div className="space-y-5">
        <TextField
          id="first-admin-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={fields.email}
          onChange={(event) => update("email", event.target.value)}
          error={errors.email}
        />
        <TextField
          id="first-admin-full-name"
          label="Celé jméno"
          autoComplete="name"
          value={fields.fullName}
          onChange={(event) => update("fullName", event.target.value)}
          error={errors.fullName}
        />
        <NewPasswordFields
          ids={{ password: "first-admin-password", confirmation: "first-admin-confirmation" }}
          labels={firstPasswordLabels}
          password={fields.password}
          confirmation={fields.confirmation}
          errors={errors}
          onPassword={(value) => update("password", value)}
          onConfirmation={(value) => update("confirmation", value)}
        />
      </div>
      <Button type="submit" disabled={submitting} className="mt-6 w-full sm:w-auto">
        {submitting ? "Zakládám účet…" : "Založit účet"}
      </Button>
    </form>
  );
}
