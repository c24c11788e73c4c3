/**
 * What a kind of e-mail is, declared once beside its template: its name, the
 * data it is stored with (a zod schema, parsed when the worker renders it),
 * its subject and which of its links are secrets. The list of kinds is
 * `mail-kinds.ts`.
 */
import type { ReactElement } from "react";
import { z } from "zod";
import type { OperatorFacts } from "#shared/site";

export type MailKind<Name extends string = string, Schema extends z.ZodType = z.ZodType> = {
  name: Name;
  /** The stored `data`: what `compose` is given (JSON), and what the template gets once parsed. */
  dataSchema: Schema;
  subject(data: z.output<Schema>): string;
  render(data: z.output<Schema>): ReactElement;
  /**
   * The fields of `data` holding a link that is a credential (it signs in, confirms an address,
   * opens a gift): once the e-mail has gone, the copy kept of it shows them without their token.
   */
  secretLinks?: readonly (keyof z.output<Schema> & string)[];
  /**
   * Files sent with it, made from its data when it is sent (say, a booking's `.ics`), with her
   * „Údaje o provozovateli“ as published then.
   */
  attachments?(data: z.output<Schema>, sender: OperatorFacts): MailAttachment[];
};

/** A file an e-mail carries. */
export type MailAttachment = { filename: string; content: string; contentType: string };

export function defineMailKind<const Name extends string, Schema extends z.ZodType>(
  kind: MailKind<Name, Schema>,
): MailKind<Name, Schema> {
  return kind;
}

/** A date in stored data: JSON holds it as ISO text. */
export const storedDateSchema = z.iso
  .datetime({ offset: true })
  .transform((text) => new Date(text));

/** A name as stored data holds it (`null` for an account without one). */
export const fullNameSchema = z.string().nullable();

/** The data of a mail that only greets its reader by name and links to the site. */
export const greetedMailSchema = z.object({ fullName: fullNameSchema, siteUrl: z.string() });
export type GreetedMail = z.infer<typeof greetedMailSchema>;
