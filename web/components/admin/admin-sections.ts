import { paths } from "#shared/routes";

/**
 * The sections of the administration, in the order of its menu: the one
 * list the menu (a row of links on a wider screen, a button that lists them
 * on a phone) and the tests read. A new section is one more entry here.
 */
export const adminSections = [
  // How her site is doing, at a glance (issue 38): first, though /admin stays the inbox (decision 0040).
  { to: paths.adminOverview, label: "Přehled" },
  { to: paths.admin, label: "Odeslaná data" },
  { to: paths.adminBookings, label: "Rezervace" },
  { to: paths.adminContent, label: "Obsah" },
  { to: paths.adminMaterials, label: "Materiály" },
  { to: paths.adminNewsletter, label: "Novinky" },
  { to: paths.adminEvents, label: "Akce" },
  { to: paths.adminUsers, label: "Uživatelé a role" },
  { to: paths.adminAuditLog, label: "Záznamy změn" },
  { to: paths.adminPrivacy, label: "Osobní údaje" },
  { to: paths.adminAccount, label: "Můj účet" },
] as const satisfies readonly { to: string; label: string }[];

export type AdminSection = (typeof adminSections)[number];

/**
 * How a section is marked in the menu at `pathname`: „page“ on its own
 * address, „true“ on „Odeslaná data“ while one of its records is open (the
 * record belongs to the list she opened it from) and on „Obsah“ while one of
 * its items is, none elsewhere.
 */
export function sectionCurrent(
  section: AdminSection,
  pathname: string,
): "page" | "true" | undefined {
  if (pathname === section.to) return "page";
  if (section.to === paths.admin && pathname.startsWith(`${paths.adminRecord}/`)) return "true";
  if (section.to === paths.adminContent && pathname.startsWith(`${paths.adminContent}/`)) {
    return "true";
  }
  // A booking (and her rules' screen) belongs to „Rezervace“.
  if (section.to === paths.adminBookings && pathname.startsWith(`${paths.adminBookings}/`)) {
    return "true";
  }
  // Her letters (and each letter) belong to „Novinky“.
  if (section.to === paths.adminNewsletter && pathname.startsWith(`${paths.adminNewsletter}/`)) {
    return "true";
  }
  // One event (or a new one) belongs to „Akce“.
  if (section.to === paths.adminEvents && pathname.startsWith(`${paths.adminEvents}/`)) {
    return "true";
  }
  return undefined;
}
