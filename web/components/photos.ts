import { czech } from "~/lib/typography";

/** One picture of the site: where it is, its natural size and what it shows. */
export type PhotoSource = {
  src: string;
  /** The natural size, so the browser reserves the space before the picture arrives. */
  width: number;
  height: number;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  /** Optional sizes of the same picture, e.g. "/images/o-mne-800.webp 800w, /images/o-mne-1600.webp 1600w". */
  srcSet?: string;
};

/**
 * The illustrations of the inner pages' four places, in one place. She puts her own photos in
 * those places in „Obsah“ → „Fotky“ (shared/content/photo-slots.ts, `ContentPhoto`); until she
 * does, and in the build, each place shows its illustration here, whose shape her photo keeps.
 */
export const photos = {
  aboutLandscape: {
    src: "/images/o-mne-krajina.svg",
    width: 800,
    height: 1000,
    alt: czech("Ilustrace: zvlněná krajina za svítání, louka s květy a pěšina vedoucí k lesu"),
  },
  aboutHerbs: {
    src: "/images/o-mne-byliny.svg",
    width: 1200,
    height: 900,
    alt: czech(
      "Ilustrace: svazky levandule, šalvěje a heřmánku se suší pod trámem, na stole stojí hmoždíř a sklenice s olejem",
    ),
  },
  aboutCreations: {
    src: "/images/o-mne-tvorba.svg",
    width: 1200,
    height: 900,
    alt: czech(
      "Ilustrace: váza s lučními květy, lahvičky květinových olejů, bylinné vykuřovadlo na misce a věneček na zdi",
    ),
  },
  harmonisationRitual: {
    src: "/images/harmonizacni-setkani.svg",
    width: 1200,
    height: 900,
    alt: czech(
      "Ilustrace: šálek kakaa, ze kterého stoupá pára, hořící svíčka, tibetská mísa a lahvička osobní vůně",
    ),
  },
} satisfies Record<string, PhotoSource>;
