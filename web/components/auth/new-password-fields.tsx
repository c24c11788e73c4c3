import { type FormEvent, useState } from "react";
import { authMessages, firstIssue, newPasswordSchema } from "#shared/auth-schemas";
import { PasswordField } from "~/components/ui/password-field";

export const passwordChangeFailedText = "Heslo se nepodařilo změnit. Zkuste to prosím znovu.";

/** The pair's labels where a password is changed; a new account's page says „Heslo“. */
const changeLabels = {
  password: "Nové heslo",
  passwordToggle: "Zobrazit nové heslo",
  confirmation: "Nové heslo znovu",
  confirmationToggle: "Zobrazit zopakované heslo",
};
export const firstPasswordLabels: typeof changeLabels = {
  password: "Heslo",
  passwordToggle: "Zobrazit heslo",
  confirmation: "Heslo znovu",
  confirmationToggle: "Zobrazit zopakované heslo",
};

/**
 * „Nové heslo“ and „Nové heslo znovu“: the pair every form that sets a
 * password shows (the recovery link's page, „Změna hesla“, and as „Heslo“ the
 * first administrator's account). `onEdit` runs after either changes, so that
 * the form can clear what it said.
 */
export function NewPasswordFields({
  ids,
  password,
  confirmation,
  errors,
  onPassword,
  onConfirmation,
  confirmationClassName,
  labels = changeLabels,
}: {
  ids: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  errors: { password?: string; confirmation?: string };
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  confirmationClassName?: string;
  labels?: typeof changeLabels;
}) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label={labels.password}
        toggleLabel={labels.passwordToggle}
        hint="Minimálně 6 znaků"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={errors.password}
      />
      <PasswordField
        id={ids.confirmation}
        label={labels.confirmation}
        toggleLabel={labels.confirmationToggle}
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
        error={errors.confirmation}
        className={confirmationClassName}
      />
    </>
  );
}

/**
 * The state of a form that only sets a new password (the recovery link's
 * page, a member's reset link): `fields` for `NewPasswordFields` (an edit
 * clears what they said), and `onSubmit`, which says what is wrong under the
 * fields, or, when the new password is valid and repeated alike, runs `save`
 * with it while `submitting`.
 */
export function useNewPasswordEntry(save: (newPassword: string) => Promise<void>) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  function check(): string | null {
    const parsed = newPasswordSchema.safeParse({ password });
    if (!parsed.success) {
      setErrors({ password: firstIssue(parsed.error) });
      return null;
    }
    if (confirmation !== password) {
      setErrors({ confirmation: authMessages.passwordsDiffer });
      return null;
    }
    return parsed.data.password;
  }
  const fields = {
    password,
    confirmation,
    errors,
    onPassword: (value: string) => {
      setPassword(value);
      setErrors({});
    },
    onConfirmation: (value: string) => {
      setConfirmation(value);
      setErrors({});
    },
  };
  const [submitting, setSubmitting] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newPassword = check();
    if (newPassword === null) return;
    setSubmitting(true);
    try {
      await save(newPassword);
    } finally {
      setSubmitting(false);
    }
  }
  return { fields, submitting, onSubmit };
}
