import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLocation } from "react-router";
import {
  type ContactFormValues,
  contactFormSchema,
  isServiceType,
  limits,
  serviceTypes,
} from "#shared/form-schemas";
import { serviceQueryParam } from "#shared/routes";
import { ConsentLabel } from "~/components/forms/consent-label";
import {
  FormCard,
  FormOutcomeNotice,
  HoneypotField,
  SubmitButton,
} from "~/components/forms/form-parts";
import { type SubmittedForm, submittedValueProps } from "~/components/forms/submitted-form";
import { useFormSubmission } from "~/components/forms/use-form-submission";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { czech } from "~/lib/typography";

const idPrefix = "contact-form";
const fieldId = (field: keyof ContactFormValues) => `${idPrefix}-${field}`;

const emptyValues: ContactFormValues = {
  name: "",
  email: "",
  phone: "",
  serviceType: "",
  message: "",
  privacyConsent: false,
};

/**
 * The contact form of the home page; `?sluzba=<service>` chooses the service.
 * `submitted` is for the server only (see SubmittedForm).
 */
export function ContactForm({ submitted }: { submitted?: SubmittedForm<ContactFormValues> }) {
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactFormSchema),
    defaultValues: submitted?.values ?? emptyValues,
  });
  const { outcome, sending, send, clearOutcome, honeypotRef } = useFormSubmission("contact");
  const message = useWatch({ control, name: "message" }) ?? "";

  // Each visit through a service link preselects that service, also when the
  // visitor is already on the home page.
  const location = useLocation();
  useEffect(() => {
    const requested = new URLSearchParams(location.search).get(serviceQueryParam);
    if (isServiceType(requested)) setValue("serviceType", requested);
  }, [location, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    if (await send(values)) reset(emptyValues);
  });

  return (
    <FormCard
      formType="contact"
      label={"Kontaktní formulář"}
      failure={submitted?.failure}
      sending={sending}
      onSubmit={onSubmit}
      clearOutcome={clearOutcome}
    >
      <div className="grid gap-5 @lg:grid-cols-2 @lg:gap-x-5">
        <TextField
          id={fieldId("name")}
          label="Jméno"
          autoComplete="name"
          maxLength={limits.nameMax}
          error={errors.name?.message ?? submitted?.errors.name}
          {...register("name")}
          {...submittedValueProps(submitted, "name")}
        />
        <TextField
          id={fieldId("email")}
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={limits.emailMax}
          error={errors.email?.message ?? submitted?.errors.email}
          {...register("email")}
          {...submittedValueProps(submitted, "email")}
        />
        <TextField
          id={fieldId("phone")}
          label="Telefon"
          optional
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={limits.phoneMax}
          error={errors.phone?.message ?? submitted?.errors.phone}
          {...register("phone")}
          {...submittedValueProps(submitted, "phone")}
        />
        <SelectField
          id={fieldId("serviceType")}
          label="Služba"
          optional
          error={errors.serviceType?.message ?? submitted?.errors.serviceType}
          {...register("serviceType")}
          {...submittedValueProps(submitted, "serviceType")}
        >
          <option value="">Vyberte službu</option>
          {Object.entries(serviceTypes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id={fieldId("message")}
          className="@lg:col-span-2"
          label="Zpráva"
          hint={czech("Napište, s čím vám mohu pomoci, nebo na co se chcete zeptat.")}
          rows={5}
          characterCount={Array.from(message).length}
          maxCharacters={limits.messageMax}
          error={errors.message?.message ?? submitted?.errors.message}
          {...register("message")}
          {...submittedValueProps(submitted, "message")}
        />
        <CheckboxField
          id={fieldId("privacyConsent")}
          className="@lg:col-span-2"
          label={
            <ConsentLabel
              address="vy"
              consent="Souhlasím se zpracováním osobních údajů za účelem vyřízení mé zprávy."
            />
          }
          error={errors.privacyConsent?.message ?? submitted?.errors.privacyConsent}
          {...register("privacyConsent")}
          {...submittedValueProps(submitted, "privacyConsent")}
        />
      </div>
      <HoneypotField idPrefix={idPrefix} ref={honeypotRef} />
      <div className="mt-6 grid gap-4">
        <SubmitButton submitting={sending} label="Odeslat zprávu" />
        <FormOutcomeNotice outcome={outcome} />
      </div>
    </FormCard>
  );
}
