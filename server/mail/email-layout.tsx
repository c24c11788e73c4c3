// Each component from its own package: `@react-email/components` also loads Prism and
// Tailwind, which no e-mail here uses (0.55 s more at every start of the server).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { type CSSProperties, createContext, Fragment, type ReactNode, useContext } from "react";
import { formatPragueLong } from "#shared/prague-time";
import { firstNameOf, type OperatorFacts, operatorDefaults, site } from "#shared/site";
import { czech } from "#shared/typography";

const colors = { moss: "#4f6b4a", bark: "#3e3328", barkSoft: "#5c4f42", cream: "#faf6ef" };

export const textStyle = {
  fontSize: "16px",
  lineHeight: "26px",
  color: colors.bark,
  margin: "0 0 16px",
};

/** A moment as the e-mails write it: „27. listopadu 2026 v 9:30“, in Prague time (shared with the administration). */
export const pragueTime = { format: formatPragueLong } as const;

/**
 * The frame every e-mail of the site shares: Czech, calm, readable without images. Its heading
 * and preview go through `czech()` here, so that no template can forget it.
 */
export function EmailLayout({
  preview,
  heading,
  siteUrl,
  children,
  footer,
}: {
  preview: string;
  heading: string;
  siteUrl: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Html lang="cs">
      <Head />
      <Preview>{czech(preview)}</Preview>
      <Body
        style={{ backgroundColor: colors.cream, fontFamily: "Georgia, 'Times New Roman', serif" }}
      >
        <Container style={{ maxWidth: "560px", padding: "32px 24px" }}>
          <Text
            style={{ ...textStyle, color: colors.moss, fontSize: "14px", letterSpacing: "1px" }}
          >
            {site.title.toUpperCase()}
          </Text>
          <Heading as="h1" style={{ color: colors.bark, fontSize: "24px", lineHeight: "32px" }}>
            {czech(heading)}
          </Heading>
          {children}
          <Hr style={{ borderColor: "#dfe5d3", margin: "32px 0 16px" }} />
          {footer ? (
            <Text style={{ ...textStyle, fontSize: "13px", color: colors.barkSoft }}>{footer}</Text>
          ) : null}
          <Text style={{ ...textStyle, fontSize: "13px", color: colors.barkSoft }}>
            {site.title} · {site.location.locality} ·{" "}
            <Link href={siteUrl} style={{ color: colors.moss }}>
              {new URL(siteUrl).host}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A prominent link, with the address also written out for clients that drop buttons; its label typeset. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "24px 0" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.moss,
          color: "#ffffff",
          borderRadius: "999px",
          padding: "12px 24px",
          fontSize: "16px",
          fontFamily: "Arial, sans-serif",
        }}
      >
        {typeof children === "string" ? czech(children) : children}
      </Button>
    </Section>
  );
}

/** Text as the visitor typed it: line breaks kept, in HTML and in the plain-text part. */
export function MultilineText({ text, style }: { text: string; style?: CSSProperties }) {
  const lines = text.split(/\r?\n/);
  return (
    <Text style={{ ...textStyle, ...style }}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * Who signs: her „Údaje o provozovateli“ as published when the e-mail is sent (the worker reads
 * them, `renderStoredMail`), so a changed phone is in the next e-mail, even one queued before.
 * Without a provider (a test rendering one template), the defaults of a fresh install.
 */
export const SenderContext = createContext<OperatorFacts>(operatorDefaults);

/** The sender of the e-mail being rendered (see `SenderContext`). */
export function useSender(): OperatorFacts {
  return useContext(SenderContext);
}

/**
 * How she signs every e-mail that goes to one person (a visitor, an account): the one place her
 * signature is written, her first name and how to reach her. E-mails to herself (a submission, a
 * request, a waiting gift) go unsigned.
 */
export function Signature() {
  const sender = useSender();
  const contacts = [sender.email, sender.phone.trim()].filter(Boolean).join(" · ");
  return (
    <>
      <Text style={textStyle}>
        {czech("S láskou")}
        <br />
        {firstNameOf(sender.ownerName)}
      </Text>
      <Text style={{ ...textStyle, fontSize: "14px", lineHeight: "22px", color: colors.barkSoft }}>
        {contacts.replaceAll(" ", "\u00a0").replaceAll("\u00a0·\u00a0", "\u00a0· ")}
      </Text>
    </>
  );
}
