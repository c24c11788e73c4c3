/**
 * The newsletter's shapes on the wire: the blog form's sign-up (checked on the server), the gift
 * forms' box (in shared/form-schemas.ts) and her list. Zod: never imported by a public page.
 */
import * as z from "zod/mini";
import { emailSchema } from "./form-schemas";
import { type NewsletterSource, type NewsletterState, newsletterHoneypotField } from "./newsletter";

/** The blog's small form: an address (and the field bots fill in). */
export const newsletterSignUpSchema = z.strictObject({
  email: emailSchema,
  [newsletterHoneypotField]: z.optional(z.string()),
});

/** One subscriber as her list shows it (never a token or the consent's address block). */
export type NewsletterSubscriberJson = {
  id: string;
  email: string;
  name: string | null;
  state: NewsletterState;
  source: NewsletterSource;
  created_at: string;
  consented_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
};

/** Her list with the counts per state. */
export type NewsletterListJson = {
  subscribers: NewsletterSubscriberJson[];
  counts: Record<NewsletterState, number>;
};
