import { homeSection, paths } from "#shared/routes";

type MenuItem = {
  label: string;
  to: string;
  /**
   * Loaded as a new document, not by the router: the members' section answers with a
   * Content-Security-Policy of its own (the video hosts of its links), which a page
   * reached inside another document's policy would not have.
   */
  reloadDocument?: true;
};

/** The main menu, in the order the header and the footer show it. */
export const siteMenu: readonly MenuItem[] = [
  { label: "Vítej", to: homeSection("welcome") },
  { label: "Nabízím", to: homeSection("services") },
  { label: "Blog", to: homeSection("products") },
  { label: "Dárek", to: paths.gift },
  { label: "Členská sekce", to: paths.members, reloadDocument: true },
  { label: "Recenze", to: homeSection("reviews") },
  { label: "O\u00a0mně", to: paths.about },
  { label: "Kontakt", to: homeSection("contact") },
];

export const consultationLink = {
  label: "Objednat konzultaci",
  to: homeSection("contact"),
} as const;

/** Shown to a signed-in administrator only (site-header.tsx): her way back from the public pages. */
export const adminLink = { label: "Administrace", to: paths.admin } as const;
