/**
 * Who the practitioner is and how to reach her. Change these values here and
 * the whole site (pages, structured data, e-mails) follows.
 */
export const site = {
  /** The brand shown in the header, titles and e-mails. */
  title: "Harmonie přírody",
  tagline: "Harmonizační setkání, přírodní produkty a živá setkání pro ženy",
  ownerName: "Kateřina Lesná",
  ownerFirstName: "Kateřina",
  email: "ahoj@harmonieprirody.cz",
  social: {
    network: "Instagram",
    handle: "@harmonie.prirody",
    url: "https://www.instagram.com/harmonie.prirody/",
  },
  location: {
    locality: "Jinačovice",
    region: "Jihomoravský kraj",
    postalCode: "664 34",
    country: "Czech Republic",
    countryCode: "CZ",
    countryName: "Česká republika",
    /** Where in-person sessions take place. */
    serviceArea: "Brno a okolí",
  },
  /** The public origin, used for canonical URLs, the sitemap and share images. */
  url: "https://www.harmonieprirody.cz",
  copyrightYear: 2024,
} as const;
