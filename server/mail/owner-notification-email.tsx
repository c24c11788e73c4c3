import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { type FormType, formTypeNames, formTypes, serviceTypes } from "#shared/form-schemas";
import { adminRecordPath, paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, MultilineText, pragueTime, textStyle } from "./email-layout";
import { defineMailKind, storedDateSchema } from "./mail-kind";

export type SubmissionForMail = {
  id: string;
  createdAt: Date;
  formType: FormType;
  name: string;
  email: string;
  phone: string | null;
  serviceType: string | null;
  /** The chosen offer's name as her list has it when the message comes (decision 0042). */
  serviceLabel?: string;
  message: string | null;
  privacyConsent: boolean;
};

export function ownerNotificationSubject(submission: SubmissionForMail): string {
  return `${formTypeNames[submission.formType]}: ${submission.name}`;
}

function serviceLabel(serviceType: string | null): string | null {
  if (!serviceType) return null;
  return Object.hasOwn(serviceTypes, serviceType)
    ? serviceTypes[serviceType as keyof typeof serviceTypes]
    : serviceType;
}

/**
 * What the practitioner receives for every submission: every field that holds something, ready
 * to answer, and one tap to the record in the administration (through its sign-in and code when
 * she is not signed in on that device). The heading names the form, so no line repeats it, and a
 * gift's e-mail has no „Telefon: –“ or „Služba: –“ (its form has neither).
 */
export function OwnerNotificationEmail({
  submission,
  siteUrl,
}: {
  submission: SubmissionForMail;
  siteUrl: string;
}) {
  const label = formTypeNames[submission.formType];
  const service = submission.serviceLabel ?? serviceLabel(submission.serviceType);
  const fields: [string, React.ReactNode][] = [
    ["Jméno", submission.name],
    [
      "E-mail",
      <Link key="email" href={`mailto:${submission.email}`}>
        {submission.email}
      </Link>,
    ],
    ...(submission.phone?.trim() ? [["Telefon", submission.phone] as [string, string]] : []),
    ...(service ? [["Služba", service] as [string, string]] : []),
    ["Souhlas se zpracováním údajů", submission.privacyConsent ? "ano" : "ne"],
    ["Odesláno", pragueTime.format(submission.createdAt)],
  ];
  return (
    <EmailLayout
      preview={`${label}: ${submission.name}`}
      heading={`Nový záznam: ${label}`}
      siteUrl={siteUrl}
      footer={
        <>
          {czech("Odpovědí na tento e-mail napíšete přímo na adresu")} {submission.email}.{" "}
          {czech("Všechny záznamy najdete v")}
          {"\u00a0"}
          <Link href={`${siteUrl}${paths.admin}`}>administraci</Link>.
        </>
      }
    >
      <Section>
        {fields.map(([name, value]) => (
          <Text key={name} style={{ ...textStyle, margin: "0 0 8px" }}>
            <strong>{name}:</strong> {value}
          </Text>
        ))}
      </Section>
      {submission.message?.trim() ? (
        <>
          <Text style={{ ...textStyle, margin: "16px 0 4px" }}>
            <strong>Zpráva:</strong>
          </Text>
          <MultilineText text={submission.message} />
        </>
      ) : null}
      <EmailButton href={`${siteUrl}${adminRecordPath(submission.id)}`}>
        Otevřít záznam v administraci
      </EmailButton>
    </EmailLayout>
  );
}

/** To the practitioner: every field of a submission. */
export const ownerNotificationMail = defineMailKind({
  name: "owner_notification",
  dataSchema: z.object({
    submission: z.object({
      id: z.string(),
      createdAt: storedDateSchema,
      formType: z.enum(formTypes),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      serviceType: z.string().nullable(),
      message: z.string().nullable(),
      privacyConsent: z.boolean(),
    }),
    siteUrl: z.string(),
  }),
  subject: (data) => ownerNotificationSubject(data.submission),
  render: (data) => createElement(OwnerNotificationEmail, data),
});
