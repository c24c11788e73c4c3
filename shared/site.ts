/**
 * What the site is, whoever runs it: the brand, the place, the public origin. Who she is and
 * how to reach her (name, e-mail, phone, social network, IČO, seat) is her content, „Údaje o
 * provozovateli“ (shared/content/operator-content.ts): pages get the published facts through the
 * root loader (web/lib/root.server.ts), e-mails when they are sent (server/mail/email-layout.tsx).
 * `operatorDefaults` below is only what a fresh install starts with.
 */
export const site = {
  /** The brand shown in the header, titles and e-mails. */
  title: "Harmonie přírody",
  tagline: "Harmonizační setkání, přírodní produkty a živá setkání pro ženy",
  /** The legal frame around the operator's facts, which the privacy notice names. */
  operator: {
    /** True while the defaults' IČO and seat are the examples: the server warns at start-up. */
    isExample: true,
    /** Who oversees personal data in the Czech Republic (the privacy notice's right to complain). */
    supervisoryAuthority: {
      name: "Úřad pro ochranu osobních údajů",
      shortName: "ÚOOÚ",
      address: "Pplk. Sochora 27, 170\u00a000 Praha\u00a07",
      url: "https://www.uoou.cz",
    },
  },
  location: {
    locality: "Jinačovice",
    /** The locality after „v“ (the locative): „Doma jsem v Jinačovicích“. */
    localityLocative: "Jinačovicích",
    region: "Jihomoravský kraj",
    postalCode: "664 34",
    countryCode: "CZ",
    countryName: "Česká republika",
    /** Where in-person sessions take place. */
    serviceArea: "Brno a okolí",
    /** The same after „v“: „Osobně v Brně a okolí“. */
    serviceAreaLocative: "Brně a okolí",
  },
  /** The public origin, used for canonical URLs, the sitemap and share images. */
  url: "https://www.harmonieprirody.cz",
  copyrightYear: 2024,
} as const;

/**
 * „Údaje o provozovateli“ of a fresh install (the content item's seed, `operatorSeed`), and what
 * code that runs outside any page or e-mail uses: the build's share image, the configuration's
 * default sender. A page or an e-mail reads the published facts instead.
 */
export const operatorDefaults = {
  ownerName: "Kateřina Lesná",
  email: "ahoj@harmonieprirody.cz",
  /** Empty: no phone on the site. */
  phone: "",
  socialNetwork: "Instagram",
  socialHandle: "@harmonie.prirody",
  socialUrl: "https://www.instagram.com/harmonie.prirody/",
  /**
   * EXAMPLE VALUE – she replaces it in „Údaje o provozovateli“ with her real IČO from the trade
   * register (www.rzp.cz) before going live. 12345679 only passes the checksum.
   */
  ico: "12345679",
  /**
   * The seat (sídlo) registered in the trade register. EXAMPLE VALUE, as the IČO. Non-breaking
   * spaces keep the postcode whole.
   */
  seat: "Hlavní 1, 664\u00a034 Jinačovice",
  legalForm: "fyzická osoba podnikající podle živnostenského zákona",
  register: "zapsaná v živnostenském rejstříku",
};

/** The facts of „Údaje o provozovateli“, as pages and e-mails get them (no schema: zod-free). */
export type OperatorFacts = typeof operatorDefaults;

/** Her first name, as she signs: the first word of her name („Kateřina Lesná“ → „Kateřina“). */
export function firstNameOf(ownerName: string): string {
  return ownerName.trim().split(/\s+/)[0] ?? ownerName;
}
