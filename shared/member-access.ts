/**
 * The members' section as the members' API sends it and the members' page
 * reads it: whether the signed-in account may see the materials, and its
 * request for access. The materials themselves are `GET /api/members/materials`.
 */

/** `GET /api/members/access`: the account's access, and its last request for it. */
export type MemberAccessJson = {
  member: boolean;
  /** When the owner was last told this account asks for access (ISO 8601), or null. */
  accessRequestedAt: string | null;
};

/** `POST /api/members/access-requests`: whether this request told the owner, and when she last was. */
export type AccessRequestJson = { sent: boolean; accessRequestedAt: string };

/** One request a day per account reaches the owner; a second one within it is answered without mail. */
export const accessRequestIntervalMs = 24 * 60 * 60 * 1000;

/** The API's Czech refusals (the page shows its own texts around them). */
export const memberAccessMessages = {
  notSignedIn: "Nejdřív se prosím přihlaste.",
  alreadyMember: "Tento účet už přístup do členské sekce má.",
  emailNotConfirmed:
    "O přístup můžete požádat, až potvrdíte e-mailovou adresu odkazem z\u00a0e-mailu, který vám přišel po registraci.",
} as const;

/**
 * One material of the members' section, as `GET /api/members/materials`
 * sends it (`{ materials: [...] }`, in the owner's order). `url` opens or
 * plays it; a link to a video elsewhere may have `embedUrl`, its player.
 */
export type MemberMaterialJson = {
  id: string;
  title: string;
  description: string;
  kind: "video" | "audio" | "pdf" | "image" | "link";
  url: string;
  embedUrl?: string;
  contentType?: string;
  /** Bytes, for an uploaded file. */
  size?: number;
};

export type MemberMaterialsJson = { materials: MemberMaterialJson[] };
