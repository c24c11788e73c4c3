/**
 * Her letter to a subscriber: her subject as the heading, her body (the sanitizer's HTML, with
 * absolute addresses and inline looks: `letter-html.ts`), an optional block announcing an
 * article or an event (its photo, title, date and a button to it), and the line with the
 * unsubscribe link that every letter carries besides its `List-Unsubscribe` header fields.
 * The preview in her administration is this same render.
 */
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { testLetterPrefix } from "#shared/newsletter-letters";
import { czech } from "#shared/typography";
import { EmailButton, EmailLayout, Signature, textStyle } from "../mail/email-layout";
import { defineMailKind } from "../mail/mail-kind";
import { letterMailHtml } from "./letter-html";

const announcementSchema = z.object({
  kind: z.enum(["article", "event"]),
  title: z.string(),
  /** As the letter writes it: „29. 3. 2026“ (an article) or „27. listopadu 2026 v 9:30“ (an event). */
  dateText: z.string().nullable(),
  url: z.string(),
  photoUrl: z.string().nullable(),
  photoAlt: z.string().nullable(),
});
export type LetterAnnouncementData = z.output<typeof announcementSchema>;

const letterDataSchema = z.object({
  subject: z.string(),
  /** The sanitized body as stored (`sanitizeLetterHtml`). */
  body: z.string(),
  announcement: announcementSchema.nullable(),
  unsubscribeLink: z.string(),
  siteUrl: z.string(),
  /** Her test to herself: „[Zkouška]“ in the subject, counted nowhere. */
  test: z.boolean().default(false),
});
export type LetterData = z.input<typeof letterDataSchema>;

const footerText =
  "Tento e-mail vám přišel, protože odebíráte mé novinky. Pokud už o ně nestojíte, můžete se";

const buttonLabels = { article: "Přečíst článek", event: "Více o akci" } as const;

/** Her text typeset (non-breaking spaces) between the tags, never inside one. */
function typesetHtml(html: string): string {
  return html.replace(/>([^<]+)</g, (_, text: string) => `>${czech(text)}<`);
}

export function LetterEmail(data: z.output<typeof letterDataSchema>) {
  const { announcement } = data;
  return (
    <EmailLayout
      preview={data.subject}
      heading={data.subject}
      siteUrl={data.siteUrl}
      footer={
        <>
          {czech(footerText)}{" "}
          <Link href={data.unsubscribeLink} style={{ color: "#4f6b4a" }}>
            odhlásit jedním kliknutím
          </Link>
          .
        </>
      }
    >
      <div
        // The sanitizer's HTML (server/articles/article-html.ts), never what a browser sent.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server
        dangerouslySetInnerHTML={{ __html: typesetHtml(letterMailHtml(data.body, data.siteUrl)) }}
      />
      {announcement ? (
        <Section
          style={{
            margin: "24px 0",
            padding: "16px",
            backgroundColor: "#ffffff",
            borderRadius: "12px",
          }}
        >
          {announcement.photoUrl ? (
            <img
              src={announcement.photoUrl}
              alt={announcement.photoAlt ?? ""}
              width="496"
              style={{ display: "block", maxWidth: "100%", height: "auto", borderRadius: "8px" }}
            />
          ) : null}
          <Text style={{ ...textStyle, fontSize: "20px", margin: "16px 0 4px" }}>
            {czech(announcement.title)}
          </Text>
          {announcement.dateText ? (
            <Text style={{ ...textStyle, fontSize: "14px", margin: "0 0 8px" }}>
              {czech(announcement.dateText)}
            </Text>
          ) : null}
          <EmailButton href={announcement.url}>{buttonLabels[announcement.kind]}</EmailButton>
        </Section>
      ) : null}
      <Signature />
    </EmailLayout>
  );
}

export const newsletterLetterMail = defineMailKind({
  name: "newsletter_letter",
  dataSchema: letterDataSchema,
  subject: (data) => (data.test ? `${testLetterPrefix} ${data.subject}` : data.subject),
  render: (data) => createElement(LetterEmail, data),
  // It unsubscribes with one click: the copy kept once it has gone must not.
  secretLinks: ["unsubscribeLink"],
});
