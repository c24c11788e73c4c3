import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import {
  type GiftFormType,
  type GiftFormValues,
  giftFormSchema,
  limits,
} from "#shared/form-schemas";
import { ConsentLabel } from "~/components/forms/consent-label";
import { emailInputProps, FormCard, FormFooter } from "~/components/forms/form-parts";
import { bindFields, type SubmittedForm } from "~/components/forms/submitted-form";
import { useFormSubmission } from "~/components/forms/use-form-submission";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { czech } from "~/lib/typography";

/** What differs between the two gifts; the gift page speaks to the visitor with „ty“. */
const giftCopy = {
  gift_ritual: {
    formLabel: "Rituál zdarma",
    emailHint: "Sem Ti pošlu odkaz na video s rituálem.",
    messageHint: "Chceš mi něco napsat? Třeba co Tě k rituálu přivádí.",
    consent: "Souhlasím se zpracováním osobních údajů za účelem zaslání odkazu na rituál.",
    submit: "Chci rituál zdarma",
  },
  gift_fragrance: {
    formLabel: "Návod na osobní vůni zdarma",
    emailHint: "Sem Ti pošlu návod na osobní vůni.",
    messageHint: "Chceš mi něco napsat? Třeba jaké vůně Tě těší.",
    consent: "Souhlasím se zpracováním osobních údajů za účelem zaslání návodu na osobní vůni.",
    submit: "Chci návod zdarma",
  },
} as const satisfies Record<GiftFormType, Record<string, string>>;

const emptyValues: GiftFormValues = { name: "", email: "", message: "", privacyConsent: false };

/**
 * The sign-up for one of the two free gifts; both can share a page.
 * `submitted` is for the server only (see SubmittedForm).
 */
export function GiftForm({
  formType,
  submitted,
}: {
  formType: GiftFormType;
  submitted?: SubmittedForm<GiftFormValues>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(giftFormSchema),
    defaultValues: submitted?.values ?? emptyValues,
  });
  const submission = useFormSubmission(formType);
  const message = useWatch({ control, name: "message" }) ?? "";
  const copy = giftCopy[formType];
  const idPrefix = `${formType.replace("_", "-")}-form`;
  const field = bindFields(idPrefix, register, errors, submitted);

  const onSubmit = handleSubmit(async (values) => {
    if (await submission.send(values)) reset(emptyValues);
  });

  return (
    <FormCard
      formType={formType}
      label={copy.formLabel}
      failure={submitted?.failure}
      submission={submission}
      onSubmit={onSubmit}
    >
      <div className="grid gap-5">
        <TextField
          label="Jméno"
          autoComplete="given-name"
          maxLength={limits.nameMax}
          {...field("name")}
        />
        <TextField
          label="E-mail"
          hint={czech(copy.emailHint)}
          {...emailInputProps}
          maxLength={limits.emailMax}
          {...field("email")}
        />
        <TextAreaField
          label="Vzkaz"
          optional
          hint={czech(copy.messageHint)}
          rows={3}
          characterCount={Array.from(message).length}
          maxCharacters={limits.messageMax}
          {...field("message")}
        />
        <CheckboxField
          label={<ConsentLabel address="ty" consent={copy.consent} />}
          {...field("privacyConsent")}
        />
      </div>
      <FormFooter idPrefix={idPrefix} submission={submission} submitLabel={copy.submit} />
    </FormCard>
  );
}
