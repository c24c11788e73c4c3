import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { formatGreeting } from "#shared/greeting-name";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, textStyle } from "./email-layout";

export type AccountLinkProps = { fullName: string | null; link: string; siteUrl: string };

/**
 * An account's e-mail whose point is one link, in the formal „vy“ of the
 * sign-in page: a greeting, what the link does, its button, and the link
 * itself for a mail program that shows no button.
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
}: AccountLinkProps & {
  preview: string;
  heading: string;
  footer: string;
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
    </EmailLayout>
  );
}
