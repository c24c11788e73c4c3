/**
 * Materials as the API sends them and the pages read them: where a material
 * is offered, what kind it is, which files and links are accepted, the
 * request schemas of the administration and every Czech message they use.
 */
import * as z from "zod/mini";
import type { ScentGuide } from "./content/scent-guide-schema";
import { blankCharacters } from "./form-schemas";

/** Where a material is offered: one of the two gifts, or the members' section. */
export const materialPlaces = ["gift_ritual", "gift_fragrance", "members"] as const;
export type MaterialPlace = (typeof materialPlaces)[number];

export const placeLabels: Record<MaterialPlace, string> = {
  gift_ritual: "Dárek: rituál (video)",
  gift_fragrance: "Dárek: osobní vůně (návod)",
  members: "Členská sekce",
};

/** What a visitor is given: a file of one of four kinds, or a YouTube or Vimeo link. */
export const materialKinds = ["video", "audio", "pdf", "image", "link"] as const;
export type MaterialKind = (typeof materialKinds)[number];
/** The built-in scent guide (a page of the site) is a material of the scent gift, with its own kind. */
export type StoredMaterialKind = MaterialKind | "guide";

/** The file types accepted, and the kind each one is. */
export const acceptedFileTypes: Record<string, Exclude<MaterialKind, "link">> = {
  "video/mp4": "video",
  "video/webm": "video",
  "video/quicktime": "video",
  "audio/mpeg": "audio",
  "audio/mp4": "audio",
  "audio/x-m4a": "audio",
  "audio/ogg": "audio",
  "audio/wav": "audio",
  "audio/x-wav": "audio",
  "application/pdf": "pdf",
  "image/jpeg": "image",
  "image/png": "image",
  "image/webp": "image",
};

/** The largest file accepted: an hour of phone video at a modest bitrate. */
export const maxMaterialBytes = 2 * 1024 * 1024 * 1024;

export const materialLimits = { titleMax: 120, descriptionMax: 600, linkMax: 500 } as const;

export const materialMessages = {
  titleRequired: "Vyplňte prosím název.",
  hiddenCharacters: "Text nesmí obsahovat řídicí znaky ani znaky, které obracejí směr písma.",
  titleTooLong: `Název může mít nejvýše ${materialLimits.titleMax} znaků.`,
  descriptionTooLong: `Popis může mít nejvýše ${materialLimits.descriptionMax} znaků.`,
  placeUnknown: "Vyberte prosím, kde se materiál nabízí.",
  linkInvalid:
    "Odkaz musí vést na video na YouTube nebo na Vimeu (například https://youtu.be/… nebo https://vimeo.com/…).",
  typeRefused:
    "Takový soubor web nepřijme. Nahrajte prosím video (MP4, WebM, MOV), zvuk (MP3, M4A, OGG, WAV), PDF nebo obrázek (JPEG, PNG, WebP).",
  contentMismatch:
    "Obsah souboru neodpovídá jeho typu. Zkuste prosím soubor uložit znovu a nahrát ho ještě jednou.",
  tooLarge: `Soubor je větší než ${maxMaterialBytes / 1024 / 1024 / 1024} GB. Zmenšete ho prosím (například nižší kvalitou videa), nebo ho nahrajte na YouTube či Vimeo a vložte odkaz.`,
  empty: "Soubor je prázdný.",
  fileMissing: "Vyberte prosím soubor.",
  interrupted: "Nahrávání se přerušilo. Zkontrolujte prosím připojení a zkuste to znovu.",
  notFound: "Tento materiál už neexistuje.",
  builtInGuide:
    "Vestavěný průvodce vůní se smazat nedá, jen skrýt. Vlastní návod nahrajte jako nový materiál.",
  linkHasNoFile: "K materiálu s odkazem se soubor nenahrává.",
  orderMismatch: "Pořadí musí obsahovat právě všechny materiály daného místa.",
  notSignedIn: "Pro členskou sekci se prosím přihlaste.",
  notAMember: "Členská sekce je zatím pro váš účet zavřená.",
  fileLinkInvalid: "Odkaz na soubor vypršel nebo je neplatný. Načtěte prosím stránku znovu.",
  rangeInvalid: "Požadovaný rozsah souboru neexistuje.",
  giftLinkInvalid: "Tento odkaz na dárek neplatí.",
  giftLinkRevoked: "Tento odkaz na dárek byl zrušen.",
} as const;

/**
 * What is wrong with a file chosen for upload, told before anything is created: the
 * checks of the server (`server/materials/upload-checks.ts`) a browser can make itself.
 */
export function fileProblem(file: { type: string; size: number } | null): string | null {
  if (!file) return materialMessages.fileMissing;
  if (!Object.hasOwn(acceptedFileTypes, file.type || "application/octet-stream")) {
    return materialMessages.typeRefused;
  }
  if (file.size === 0) return materialMessages.empty;
  if (file.size > maxMaterialBytes) return materialMessages.tooLarge;
  return null;
}

/** Control characters and the bidi overrides that could turn a shown text around. */
const hiddenCharacter = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** What is left to see once spaces and invisible format characters are gone. */
const invisible = new RegExp(`[\\s\\p{Cf}\\p{Cc}${blankCharacters}]`, "gu");
const visibleText = (value: string) => value.replace(invisible, "");

const title = z.string().check(
  z.trim(),
  z.refine((value) => visibleText(value) !== "", materialMessages.titleRequired),
  z.maxLength(materialLimits.titleMax, materialMessages.titleTooLong),
  z.refine((value) => !hiddenCharacter.test(value), materialMessages.hiddenCharacters),
);
const description = z.string().check(
  // Line breaks as the forms send them, whatever a client sent.
  z.overwrite((value) => value.replace(/\r\n?/g, "\n")),
  z.trim(),
  z.maxLength(materialLimits.descriptionMax, materialMessages.descriptionTooLong),
  z.refine(
    (value) => !hiddenCharacter.test(value.replace(/[\n\t]/g, "")),
    materialMessages.hiddenCharacters,
  ),
);
const place = z.enum(materialPlaces, materialMessages.placeUnknown);
const link = z.string().check(
  z.trim(),
  z.maxLength(materialLimits.linkMax, materialMessages.linkInvalid),
  z.refine((value) => toEmbedUrl(value) !== null, materialMessages.linkInvalid),
);

/** A new material: its words and place, and a link, or no link when a file follows. */
export const newMaterialSchema = z.strictObject({
  title,
  description: z._default(description, ""),
  place,
  link: z.optional(link),
});
export type NewMaterial = z.output<typeof newMaterialSchema>;

/** A change of a material: any of its words, its place, hidden or shown, its link. */
export const materialChangeSchema = z.strictObject({
  title: z.optional(title),
  description: z.optional(description),
  place: z.optional(place),
  hidden: z.optional(z.boolean()),
  link: z.optional(link),
});
export type MaterialChange = z.output<typeof materialChangeSchema>;

/** The order of one place's materials, first to last. */
export const materialOrderSchema = z.strictObject({
  place,
  ids: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500)),
});

/** A gift link to revoke, as the owner pastes it from the e-mail. */
export const giftLinkRevokeSchema = z.strictObject({
  link: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
});

const youTubeId = /^[A-Za-z0-9_-]{6,20}$/;
const vimeoId = /^\d{1,12}$/;

/**
 * The embed address of a YouTube or Vimeo video page, or null for any other
 * address: only those two hosts, over https, with a well-formed video id.
 */
export function toEmbedUrl(pageUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (host === "youtu.be") id = segments[0];
  else if (["www.youtube.com", "youtube.com", "m.youtube.com"].includes(host)) {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live"].includes(segments[0] ?? "")) id = segments[1];
  } else if (host === "www.youtube-nocookie.com" && segments[0] === "embed") id = segments[1];
  if (id !== undefined) {
    return id && youTubeId.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === "vimeo.com" || host === "www.vimeo.com" || host === "player.vimeo.com") {
    const videoId = host === "player.vimeo.com" ? segments[1] : segments[0];
    if (host === "player.vimeo.com" && segments[0] !== "video") return null;
    // An unlisted video's page has its privacy hash after the id.
    const hash = host === "player.vimeo.com" ? url.searchParams.get("h") : segments[1];
    if (!videoId || !vimeoId.test(videoId)) return null;
    const hashPart = hash && /^[0-9a-f]{6,20}$/.test(hash) ? `?h=${hash}` : "";
    return `https://player.vimeo.com/video/${videoId}${hashPart}`;
  }
  return null;
}

/** One material as the members' section gets it (`GET /api/members/materials`). */
export type MemberMaterial = {
  id: string;
  title: string;
  description: string;
  kind: MaterialKind;
  /** A same-origin file URL (signed, short-lived), or for a link the video's page. */
  url: string;
  embedUrl?: string;
  contentType?: string;
  size?: number;
};
export type MemberMaterialsJson = { materials: MemberMaterial[] };

/** One material as the administration lists it. */
export type AdminMaterial = {
  id: string;
  place: MaterialPlace;
  kind: StoredMaterialKind;
  title: string;
  description: string;
  position: number;
  hidden: boolean;
  /** False for a file material whose file has not been uploaded (yet). */
  ready: boolean;
  url: string | null;
  linkUrl: string | null;
  embedUrl: string | null;
  fileName: string | null;
  contentType: string | null;
  size: number | null;
  /** How long it plays, read from its file (seconds); null: not known or not playable. */
  durationSeconds: number | null;
  updatedAt: string;
};

/** How many gift e-mails wait for a material of their gift. */
export type WaitingGiftMail = Record<Exclude<MaterialPlace, "members">, number>;
export type AdminMaterialsJson = { materials: AdminMaterial[]; waiting: WaitingGiftMail };

/** What the gift page shows: the gift and its material, or nothing yet. */
export type GiftJson = {
  gift: Exclude<MaterialPlace, "members">;
  material: {
    kind: StoredMaterialKind;
    title: string;
    description: string;
    url: string;
    embedUrl?: string;
    contentType?: string;
  } | null;
  /** „Milá Jano,“ from the name in the request; null when her first name is not known. */
  greeting: string | null;
  /** The scent guide itself, when it is the gift (the built-in guide, her text from „Obsah“). */
  guide?: { content: ScentGuide; pdfUrl: string };
};
