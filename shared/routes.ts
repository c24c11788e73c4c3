/** Every path of the site, in one place. */
export const paths = {
  home: "/",
  about: "/about",
  gift: "/darek",
  harmonisation: "/harmonizacni",
  members: "/clenska-sekce",
  signIn: "/prihlaseni",
  admin: "/admin",
  /** One submission in the administration: /admin/zaznam/<id>. */
  adminRecord: "/admin/zaznam",
  privacy: "/zasady-ochrany-osobnich-udaju",
  blog: "/blog",
} as const;

/** Pages that are pre-rendered to HTML and listed in the sitemap. */
export const publicRoutePaths = [
  paths.home,
  paths.about,
  paths.gift,
  paths.harmonisation,
  paths.members,
  paths.privacy,
  paths.blog,
] as const;

/** Anchors of the privacy notice's sections that other pages link to. */
export const privacyAnchors = {
  cookies: "cookies",
  rights: "prava",
} as const;

/** Anchors of the home page sections. */
export const homeAnchors = {
  home: "home",
  welcome: "welcome",
  services: "services",
  blog: "products",
  reviews: "reviews",
  contact: "contact",
} as const;

/** A link to a home page section that works from every page. */
export function homeSection(anchor: (typeof homeAnchors)[keyof typeof homeAnchors]): string {
  return `/#${anchor}`;
}

/** The query parameter that preselects a service in the contact form. */
export const serviceQueryParam = "sluzba";

/** A link to the contact form with a service already chosen. */
export function contactAbout(service: string): string {
  return `/?${serviceQueryParam}=${encodeURIComponent(service)}#${homeAnchors.contact}`;
}

/** The administration's page of one submission. */
export function adminRecordPath(id: string): string {
  return `${paths.adminRecord}/${encodeURIComponent(id)}`;
}
