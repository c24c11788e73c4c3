import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { z } from "zod";
import { formatGreeting } from "#shared/greeting-name";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, Signature, textStyle } from "./email-layout";
import { fullNameSchema } from "./mail-kind";

/** What an e-mail with one link for an account holds: the link is a credential until it is sent. */
export const accountLinkDataSchema = z.object({
  fullName: fullNameSchema,
  link: z.string(),
  siteUrl: z.string(),
});

export type AccountLinkData = z.output<typeof accountLinkDataSchema>;

/**
 * An e-mail whose one purpose is a link for an account (confirm the address, set a new
 * password): a greeting, what the link does, its button, and the link written out for a client
 * that shows no buttons. Formal „vy“, as the sign-in page uses.
 */
export function AccountLinkEmail({
  fullName,
  link,
  siteUrl,
  preview,
  heading,
  footer,
  text,
  button,
}: AccountLinkData & {
  preview: string;
  heading: string;
  /** Why it came, and what to do if it was not asked for. */
  footer: string;
  /** What the link does, after the greeting. */
  text: string;
  button: string;
}) {
  return (
    <EmailLayout
      preview={czech(preview)}
      heading={heading}
      siteUrl={siteUrl}
      footer={czech(footer)}
    >
      <Text style={textStyle}>{formatGreeting("Dobrý den", fullName)}</Text>
      <Text style={textStyle}>{czech(text)}</Text>
      <EmailButton href={link}>{button}</EmailButton>
      <Text style={{ ...textStyle, fontSize: "14px" }}>
        {czech("Kdyby tlačítko nefungovalo, zkopírujte si do prohlížeče tento odkaz:")}{" "}
        <Link href={link}>{link}</Link>
      </Text>
      <Signature />
    </EmailLayout>
  );
}
