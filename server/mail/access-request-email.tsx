import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { paths } from "#shared/routes";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, pragueTime, textStyle } from "./email-layout";
import { defineMailKind, fullNameSchema, storedDateSchema } from "./mail-kind";

/** Who asks for the members' section: what the owner needs to find the account. */
export type AccessRequestForMail = {
  email: string;
  fullName: string | null;
  requestedAt: Date;
};

export function accessRequestSubject(request: AccessRequestForMail): string {
  return `Žádost o přístup do členské sekce: ${request.fullName || request.email}`;
}

/**
 * What the owner receives when a signed-in account without the members' role
 * asks for it on the members' page. She grants it on the users page.
 */
export function AccessRequestEmail({
  request,
  siteUrl,
}: {
  request: AccessRequestForMail;
  siteUrl: string;
}) {
  const usersPage = `${siteUrl}${paths.adminUsers}`;
  return (
    <EmailLayout
      preview={accessRequestSubject(request)}
      heading="Žádost o přístup do členské sekce"
      siteUrl={siteUrl}
      footer={
        <>
          Žádost přišla ze stránky <Link href={`${siteUrl}${paths.members}`}>Členská sekce</Link>.{" "}
          {czech("Stejný účet vám ji může poslat znovu nejdřív za 24 hodin.")}
        </>
      }
    >
      <Section>
        <Text style={{ ...textStyle, margin: "0 0 8px" }}>
          <strong>Účet:</strong> <Link href={`mailto:${request.email}`}>{request.email}</Link>
        </Text>
        {request.fullName ? (
          <Text style={{ ...textStyle, margin: "0 0 8px" }}>
            <strong>Jméno:</strong> {request.fullName}
          </Text>
        ) : null}
        <Text style={{ ...textStyle, margin: "0 0 16px" }}>
          <strong>Požádáno:</strong> {pragueTime.format(request.requestedAt)}
        </Text>
        <Text style={{ ...textStyle, margin: "0 0 16px" }}>
          {czech(
            "Přístup dáte v administraci na stránce „Uživatelé a role“: u účtu zvolte „Dát přístup do členské sekce“. Když přístup dát nechcete, nemusíte dělat nic.",
          )}
        </Text>
      </Section>
      <EmailButton href={usersPage}>Otevřít uživatele a role</EmailButton>
    </EmailLayout>
  );
}

/** To the practitioner: an account without the members' role asks for it. */
export const accessRequestMail = defineMailKind({
  name: "access_request",
  dataSchema: z.object({
    email: z.string(),
    fullName: fullNameSchema,
    requestedAt: storedDateSchema,
    siteUrl: z.string(),
  }),
  subject: ({ siteUrl: _, ...request }) => accessRequestSubject(request),
  render: ({ siteUrl, ...request }) => createElement(AccessRequestEmail, { request, siteUrl }),
});
