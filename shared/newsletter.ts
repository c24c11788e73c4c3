/**
 * The newsletter's words and names shared by its forms, pages and her list. No zod here: the
 * gift and blog pages import it (the public pages' first-input budget, perf/budgets.ts).
 */
/** A subscriber's states (the database's CHECK lists the same). */
export const newsletterStates = ["pending", "subscribed", "unsubscribed", "undeliverable"] as const;
export type NewsletterState = (typeof newsletterStates)[number];
/** Where the consent was given: one of the two gift forms, or the small form on the blog. */
export const newsletterSources = ["gift_ritual", "gift_fragrance", "blog"] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

/** The box on both gift forms, unticked until the visitor ticks it (issue 37's words). */
export const newsletterBoxLabel = "Chci dostávat novinky e-mailem";

/** The field the gift forms send it in (and the blog form's e-mail field's name). */
export const newsletterField = "newsletter";

/** One word for each state, everywhere she sees it. */
export const newsletterStateLabels = {
  pending: "čeká na potvrzení",
  subscribed: "přihlášen",
  unsubscribed: "odhlášen",
  undeliverable: "nedoručitelný",
} as const satisfies Record<NewsletterState, string>;

/** Where the consent was given. */
export const newsletterSourceLabels = {
  gift_ritual: "Dárek – rituál",
  gift_fragrance: "Dárek – vůně",
  blog: "Blog",
} as const satisfies Record<NewsletterSource, string>;

/**
 * The words a consent is stored with: the box (or the blog form's button) and the line of what
 * she sends beside it, as the visitor saw them.
 */
export function consentWording(source: NewsletterSource, offer: string): string {
  const lead = source === "blog" ? "Přihlásit se k odběru novinek e-mailem." : newsletterBoxLabel;
  return `${lead.replace(/\.$/, "")}. ${offer}`;
}

/**
 * The blog form's field only bots fill in, named as the other forms' (`honeypotField` of
 * shared/form-schemas.ts, which this module must not import: it builds zod schemas).
 */
export const newsletterHoneypotField = "website";

/** The anchor of the blog's form, and of its notice once sent without scripts. */
export const newsletterFormId = "novinky";
export const newsletterSentAnchor = "novinky-odeslano";

/** What a sign-up answers, whatever the address's state (nobody learns whether it was on the list). */
export const newsletterSentMessage =
  "Děkuji! Poslala jsem vám e-mail s odkazem – odběr začne, až ho potvrdíte.";
/** The same on the gift page, which speaks with „ty“. */
export const newsletterSentMessageTy =
  "Zvlášť přijde ještě odkaz, kterým odběr novinek potvrdíš – do té doby nepošlu nic dalšího.";
