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
  /**
   * Who runs the site, as a Czech business must say on its website and the
   * privacy notice names as the controller.
   */
  operator: {
    /** True while the IČO and seat below are the examples: the server warns at start-up. */
    isExample: true,
    /**
     * EXAMPLE VALUE – replace before going live with her real IČO from the
     * trade register (www.rzp.cz). 12345679 only passes the checksum.
     */
    ico: "12345679",
    /**
     * The seat (sídlo) registered in the trade register. EXAMPLE VALUE –
     * replace before going live. Non-breaking spaces keep the postcode whole.
     */
    seat: "Hlavní 1, 664\u00a034 Jinačovice",
    legalForm: "fyzická osoba podnikající podle živnostenského zákona",
    register: "zapsaná v živnostenském rejstříku",
    /** Who oversees personal data in the Czech Republic (the privacy notice's right to complain). */
    supervisoryAuthority: {
      name: "Úřad pro ochranu osobních údajů",
      shortName: "ÚOOÚ",
      address: "Pplk. Sochora 27, 170\u00a000 Praha\u00a07",
      url: "https://www.uoou.cz",
    },
  },
  email: "ahoj@harmonieprirody.cz",
  social: {
    network: "Instagram",
    handle: "@harmonie.prirody",
    url: "https://www.instagram.com/harmonie.prirody/",
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
