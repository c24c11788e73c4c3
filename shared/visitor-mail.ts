import type { FormType } from "./form-schemas";
import { site } from "./site";

/**
 * The subject of the e-mail each form sends to the visitor. Her reply from a
 * record's screen continues it („Re: …“), as her mail app would when she
 * answered that e-mail itself: the visitor sees one conversation.
 */
export const visitorMailSubjects = {
  contact: `Vaše zpráva dorazila – ${site.title}`,
  gift_ritual: "Tvůj dárek: video s každodenním rituálem",
  gift_fragrance: "Tvůj dárek: návod na osobní vůni",
} as const satisfies Record<FormType, string>;
