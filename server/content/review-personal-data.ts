/**
 * Her reviews hold a person's first name and words (`shared/content/review-content.ts`), stored
 * as her content: the published list and her draft in `content_entries`, each published list in
 * `content_revisions`. They are tied to no e-mail address, so an address's export and erasure
 * (`server/admin/gdpr.ts`) cannot find them, and no rule ages them out: a review stays while its
 * author's consent does. docs/decisions/0026-reviews-and-operator-facts-as-content.md.
 */
import { contentEntries, contentRevisions } from "#database/schema";
import type { PersonalDataRegistration } from "../personal-data";

export const reviewPersonalData: PersonalDataRegistration = {
  module: "server/content/review-personal-data.ts",
  tables: [contentEntries, contentRevisions],
  content: {
    keys: ["reviews"],
    requests:
      "A person who asks what is kept of her or withdraws her consent is answered by the owner " +
      "in „Obsah“ → „Recenze“: the review's name, day, text and consent day are what is kept; " +
      "removing it (or hiding it) and publishing takes it off the site at once. Earlier " +
      "published versions still hold it, for „Obnovit“: no step deletes it from them yet " +
      "(docs/decisions/0026).",
  },
};
