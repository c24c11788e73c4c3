import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authNotices, signInSchema, signUpSchema } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { ConfirmationReminder, isEmailNotConfirmed } from "~/components/auth/confirmation-reminder";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { PasswordField } from "~/components/ui/password-field";
import { checkAdminAccess } from "~/lib/admin-api";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { fieldErrors } from "~/lib/field-errors";

type Fields = { email: string; password: string; fullName: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;
const emptyFields: Fields = { email: "", password: "", fullName: "" };

/**
 * Login (the default) and registration, as the specification describes
 * them: toggling clears every field; a registration switches back to login;
 * a login checks the admin role before it opens the administration.
 */
export function CredentialsForm({
  mode,
  onModeChange,
  onForgotPassword,
  onNeedsCode,
  onNotAdmin,
  destination,
}: {
  mode: "login" | "register";
  onModeChange: (mode: "login" | "register") => void;
  onForgotPassword: () => void;
  /** An administrator with an authenticator app: her code comes next. */
  onNeedsCode: () => void;
  /** Refused (and signed out): the account has no admin role. */
  onNotAdmin: () => void;
  /** Where an administrator goes: /admin, or the administration's page she came for. */
  destination: string;
}) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** The address of a sign-in refused until it is confirmed: the e-mail may be sent again. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const registering = mode === "register";

  function update(field: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function switchMode(next: "login" | "register") {
    setFields(emptyFields);
    setErrors({});
    setUnconfirmed(null);
    onModeChange(next);
  }

  async function register() {
    const parsed = signUpSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Fields>(parsed.error.issues));
      return;
    }
    const client = getAuthClient();
    const { error } = await client.signUp({
      email: parsed.data.email,
      password: parsed.data.password,
      options: {
        data: { full_name: parsed.data.fullName },
        emailRedirectTo: window.location.origin,
      },
    });
    if (error) {
      toast.error(messageOf(error, authNotices.registrationFailed));
      return;
    }
    // No session yet: she signs in once the link in her e-mail has confirmed the address.
    toast.success(authNotices.registered, {
      description: authNotices.confirmAddressFirst,
      duration: 12_000,
    });
    switchMode("login");
  }

  async function logIn() {
    const parsed = signInSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Fields>(parsed.error.issues));
      return;
    }
    const client = getAuthClient();
    const { data, error } = await client.signInWithPassword(parsed.data);
    setUnconfirmed(isEmailNotConfirmed(error) ? parsed.data.email : null);
    if (error || !data.session) {
      toast.error(messageOf(error, authNotices.signInFailed));
      return;
    }
    const { data: userData, error: userError } = await client.getUser();
    if (userError || !userData.user) {
      toast.error(messageOf(userError, authNotices.signInFailed));
      return;
    }
    const access = await checkAdminAccess(data.session.access_token);
    if (access === "needs_code") {
      onNeedsCode();
      return;
    }
    // One who must still set up her app is led to it on /admin.
    if (access === "admin" || access === "needs_setup") {
      toast.success(authNotices.signedIn);
      navigate(access === "admin" ? destination : paths.admin);
      return;
    }
    await client.signOut({ scope: "local" });
    toast.error(authNotices.notAdminAtSignIn);
    onNotAdmin();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      await (registering ? register() : logIn());
    } catch (error) {
      toast.error(
        messageOf(error, registering ? authNotices.registrationFailed : authNotices.signInFailed),
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit}>
      <div className="space-y-5">
        <TextField
          id="auth-email"
          label="E-mail"
          type="email"
          autoComplete={registering ? "email" : "username"}
          inputMode="email"
          value={fields.email}
          onChange={(event) => update("email", event.target.value)}
          error={errors.email}
        />
        <PasswordField
          id="auth-password"
          label="Heslo"
          hint="Minimálně 6 znaků"
          autoComplete={registering ? "new-password" : "current-password"}
          value={fields.password}
          onChange={(event) => update("password", event.target.value)}
          error={errors.password}
        />
        {registering && (
          <TextField
            id="auth-full-name"
            label="Celé jméno"
            autoComplete="name"
            value={fields.fullName}
            onChange={(event) => update("fullName", event.target.value)}
            error={errors.fullName}
          />
        )}
      </div>

      {registering && (
        // Opens in a new tab so that the filled-in fields stay as they are.
        <p className="mt-4 text-[0.9375rem] leading-snug text-bark-soft">
          Jak s{"\u00a0"}údaji vašeho účtu zacházím, popisuji v{"\u00a0"}
          <a
            href={paths.privacy}
            target="_blank"
            rel="noopener"
            className="font-semibold text-moss-dark underline underline-offset-4"
          >
            zásadách ochrany osobních údajů
            <span className="sr-only"> (otevřou se v nové záložce)</span>
          </a>
          .
        </p>
      )}

      {!registering && unconfirmed !== null && (
        <ConfirmationReminder email={unconfirmed} className="mt-4" />
      )}

      {!registering && (
        <p className="mt-3 text-right">
          <button
            type="button"
            onClick={onForgotPassword}
            className="min-h-11 text-[0.9375rem] font-semibold text-moss-dark underline-offset-4 hover:underline"
          >
            Zapomenuté heslo?
          </button>
        </p>
      )}

      <Button type="submit" disabled={submitting} className="mt-6 w-full">
        {submitting
          ? registering
            ? "Registruji…"
            : "Přihlašuji…"
          : registering
            ? "Zaregistrovat se"
            : "Přihlásit se"}
      </Button>

      <p className="mt-6 text-center text-[0.9375rem] text-bark-soft">
        {registering ? "Už máte účet?" : "Ještě nemáte účet?"}{" "}
        <button
          type="button"
          onClick={() => switchMode(registering ? "login" : "register")}
          className="min-h-11 font-semibold text-moss-dark underline underline-offset-4"
        >
          {registering ? "Přihlaste se" : "Zaregistrujte se"}
        </button>
      </p>
    </form>
  );
}
