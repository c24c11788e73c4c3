import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLocation } from "react-router";
import type { ServiceChoice } from "#shared/content/service-choices";
import { type ContactFormValues, contactFormSchema, limits } from "#shared/form-schemas";
import { serviceQueryParam } from "#shared/routes";
import { ConsentLabel } from "~/components/forms/consent-label";
import { emailInputProps, FormCard, FormFooter } from "~/components/forms/form-parts";
import { bindFields, type SubmittedForm } from "~/components/forms/submitted-form";
import { useFormSubmission } from "~/components/forms/use-form-submission";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { czech } from "~/lib/typography";

const idPrefix = "contact-form";

const emptyValues: ContactFormValues = {
  name: "",
  email: "",
  phone: "",
  serviceType: "",
  message: "",
  privacyConsent: false,
};

/** `requested` when it is one of the form's choices now; else none (""). */
function offeredChoice(services: readonly ServiceChoice[], requested: string | null): string {
  return services.find((service) => service.value === requested)?.value ?? "";
}

/**
 * The contact form of the home page; `?sluzba=<service>` chooses the service.
 * `services` are the choices of „Služba“ as her offers name them (`serviceChoices`,
 * from the page's loader data: no labels in this code). `submitted` is for the
 * server only (see SubmittedForm).
 */
export function ContactForm({
  services,
  submitted,
}: {
  services: readonly ServiceChoice[];
  submitted?: SubmittedForm<ContactFormValues>;
}) {
  // Read while rendering too: the page store holds the home page with each service chosen,
  // so the page works with it before its scripts run (server/pages/site-pages.ts).
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get(serviceQueryParam);
  // Any of her current choices (`/?sluzba=<offer id>`); an offer no longer offered chooses none.
  const requestedService = offeredChoice(services, requested);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactFormSchema),
    defaultValues: submitted?.values ?? { ...emptyValues, serviceType: requestedService },
  });
  const submission = useFormSubmission("contact");
  const message = useWatch({ control, name: "message" }) ?? "";
  const field = bindFields(idPrefix, register, errors, submitted);

  // Each visit through a service link preselects that service, also when the
  // visitor is already on the home page.
  useEffect(() => {
    const requested = new URLSearchParams(location.search).get(serviceQueryParam);
    const chosen = offeredChoice(services, requested);
    if (chosen) setValue("serviceType", chosen);
  }, [location, setValue, services]);

  const onSubmit = handleSubmit(async (values) => {
    if (await submission.send(values)) reset(emptyValues);
  });

  return (
    <FormCard
      formType="contact"
      label={"Kontaktní formulář"}
      failure={submitted?.failure}
      submission={submission}
      onSubmit={onSubmit}
    >
      <div className="grid gap-5 @lg:grid-cols-2 @lg:gap-x-5">
        <TextField
          label="Jméno"
          autoComplete="name"
          maxLength={limits.nameMax}
          {...field("name")}
        />
        <TextField
          label="E-mail"
          {...emailInputProps}
          maxLength={limits.emailMax}
          {...field("email")}
        />
        <TextField
          label="Telefon"
          optional
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={limits.phoneMax}
          {...field("phone")}
        />
        <SelectField
          label="Služba"
          optional
          {...(requestedService && { defaultValue: requestedService })}
          {...field("serviceType")}
        >
          <option value="">Vyberte službu</option>
          {services.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          className="@lg:col-span-2"
          label="Zpráva"
          hint={czech("Napište, s čím vám mohu pomoci, nebo na co se chcete zeptat.")}
          rows={5}
          characterCount={Array.from(message).length}
          maxCharacters={limits.messageMax}
          {...field("message")}
        />
        <CheckboxField
          className="@lg:col-span-2"
          label={
            <ConsentLabel
              address="vy"
              consent="Souhlasím se zpracováním osobních údajů za účelem vyřízení mé zprávy."
            />
          }
          {...field("privacyConsent")}
        />
      </div>
      <FormFooter idPrefix={idPrefix} submission={submission} submitLabel="Odeslat zprávu" />
    </FormCard>
  );
}
