import { zodResolver } from "@hookform/resolvers/zod";
import { Clock, Hourglass } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  type GiftFormType,
  type GiftFormValues,
  giftFormSchema,
  limits,
} from "#shared/form-schemas";
import { formatDuration, type GiftStatusJson, giftWaitingNotices } from "#shared/gift-waiting";
import { newsletterBoxLabel } from "#shared/newsletter";
import { ConsentLabel } from "~/components/forms/consent-label";
import { emailInputProps, FormCard, FormFooter } from "~/components/forms/form-parts";
import { bindFields, type SubmittedForm } from "~/components/forms/submitted-form";
import { useFormSubmission } from "~/components/forms/use-form-submission";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { czech, keepWordsWhole, typeset } from "~/lib/typography";

/** What differs between the two gifts; the gift page speaks to the visitor with „ty“. */
const giftCopy = {
  gift_ritual: {
    formLabel: "Rituál zdarma",
    emailHint: "Sem ti pošlu odkaz na video s rituálem.",
    messageHint: "Chceš mi něco napsat? Třeba co tě k rituálu přivádí.",
    consent: "Souhlasím se zpracováním osobních údajů za účelem zaslání odkazu na rituál.",
    submit: "Chci rituál zdarma",
  },
  gift_fragrance: {
    formLabel: "Návod na osobní vůni zdarma",
    emailHint: "Sem ti pošlu návod na osobní vůni.",
    messageHint: "Chceš mi něco napsat? Třeba jaké vůně tě těší.",
    consent: "Souhlasím se zpracováním osobních údajů za účelem zaslání návodu na osobní vůni.",
    submit: "Chci návod zdarma",
  },
} as const satisfies Record<GiftFormType, Record<string, string>>;

/** `GET /api/gifts`, asked once for both forms of the page; null when it could not be read. */
let giftStatus: Promise<GiftStatusJson | null> | undefined;

function fetchGiftStatus(): Promise<GiftStatusJson | null> {
  giftStatus ??= fetch("/api/gifts")
    .then((response) => (response.ok ? (response.json() as Promise<GiftStatusJson>) : null))
    .catch(() => null);
  return giftStatus;
}

/**
 * Whether the gift is ready and how long its video plays, as the server knows it now: the page
 * is pre-rendered, the material comes later. Undefined until known (then nothing is said).
 */
function useGiftStatus(formType: GiftFormType) {
  const [status, setStatus] = useState<GiftStatusJson[GiftFormType] | undefined>();
  useEffect(() => {
    let current = true;
    void fetchGiftStatus().then((all) => {
      if (current && all) setStatus(all[formType]);
    });
    return () => {
      current = false;
    };
  }, [formType]);
  return status;
}

/** Above the fields: what will happen while the gift waits, or how long its video plays. */
function GiftStatusNote({ formType }: { formType: GiftFormType }) {
  const status = useGiftStatus(formType);
  if (status && !status.ready) {
    return (
      <p className="mb-5 flex items-start gap-3 rounded-2xl bg-sand/70 px-4 py-3.5 leading-snug text-bark ring-1 ring-bark/10">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-terracotta-dark" />
        <span>{czech(giftWaitingNotices[formType].beforeSending)}</span>
      </p>
    );
  }
  if (formType === "gift_ritual" && status?.durationSeconds) {
    return (
      <p className="mb-5 flex items-center gap-2 font-semibold text-moss-dark">
        <Clock aria-hidden="true" className="size-5 shrink-0" />
        {czech(`Video trvá ${formatDuration(status.durationSeconds)}.`)}
      </p>
    );
  }
  return null;
}

const emptyValues: GiftFormValues = {
  name: "",
  email: "",
  message: "",
  privacyConsent: false,
  newsletter: false,
};

/**
 * The sign-up for one of the two free gifts; both can share a page.
 * `submitted` is for the server only (see SubmittedForm).
 */
export function GiftForm({
  formType,
  submitted,
  newsletterOffer,
}: {
  formType: GiftFormType;
  submitted?: SubmittedForm<GiftFormValues>;
  /** Her line of what the newsletter sends and how often (the page's loader reads it). */
  newsletterOffer: string;
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
      <GiftStatusNote formType={formType} />
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
        {/* Her newsletter: a consent of its own, unticked, never required (issue 37). */}
        <CheckboxField
          label={
            <>
              {keepWordsWhole(newsletterBoxLabel)}
              <span className="mt-1 block text-sm text-bark-soft">{typeset(newsletterOffer)}</span>
            </>
          }
          {...field("newsletter")}
          aria-required={false}
        />
      </div>
      <FormFooter idPrefix={idPrefix} submission={submission} submitLabel={copy.submit} />
    </FormCard>
  );
}
