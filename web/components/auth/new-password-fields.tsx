import { PasswordField } from "~/components/ui/password-field";

export const passwordChangeFailedText = "Heslo se nepodařilo změnit. Zkuste to prosím znovu.";

/**
 * „Nové heslo“ and „Nové heslo znovu“: the pair every form that sets a
 * password shows (the recovery link's page, „Změna hesla“). `onEdit` runs
 * after either changes, so that the form can clear what it said.
 */
export function NewPasswordFields({
  ids,
  password,
  confirmation,
  errors,
  onPassword,
  onConfirmation,
  confirmationClassName,
}: {
  ids: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  errors: { password?: string; confirmation?: string };
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  confirmationClassName?: string;
}) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label="Nové heslo"
        toggleLabel="Zobrazit nové heslo"
        hint="Minimálně 6 znaků"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={errors.password}
      />
      <PasswordField
        id={ids.confirmation}
        label="Nové heslo znovu"
        toggleLabel="Zobrazit zopakované heslo"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
        error={errors.confirmation}
        className={confirmationClassName}
      />
    </>
  );
}
