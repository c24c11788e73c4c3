import { homeSection, paths } from "#shared/routes";

/** The main menu, in the order the header and the footer show it. */
export const siteMenu = [
  { label: "Vítej", to: homeSection("welcome") },
  { label: "Nabízím", to: homeSection("services") },
  { label: "Blog", to: homeSection("products") },
  { label: "Dárek", to: paths.gift },
  { label: "Členská sekce", to: paths.members },
  { label: "Recenze", to: homeSection("reviews") },
  { label: "O\u00a0mně", to: paths.about },
  { label: "Kontakt", to: homeSection("contact") },
] as const;

export const consultationLink = {
  label: "Objednat konzultaci",
  to: homeSection("contact"),
} as const;
