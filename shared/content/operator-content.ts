/**
 * „Údaje o provozovateli“: who runs the site and how to reach her, as her content. The checks
 * are strict, since these facts are what a Czech business must state and what the privacy
 * notice names as the controller: an IČO with the trade register's checksum, an e-mail
 * address, links over https only. The seed is `operatorDefaults` of `shared/site.ts`, whose IČO
 * and seat are examples: the server warns at start while the published ones still are. The
 * published facts are the one owner of her name and contacts on every page (the root loader)
 * and in every e-mail (read when it is sent): docs/decisions/0036.
 */
import * as z from "zod/mini";
import { operatorDefaults, site } from "#shared/site";
import { text } from "./content-schemas";

export const operatorLimits = {
  name: 80,
  network: 40,
  handle: 60,
  url: 300,
  phone: 20,
  long: 200,
} as const;

export const operatorMessages = {
  email: "Zadejte prosím platnou e-mailovou adresu, například ahoj@harmonieprirody.cz.",
  phone:
    "Telefon zadejte jen číslicemi, mezerami a znaky + ( ) -, nejvýše 20 znaků, nebo pole nechte prázdné.",
  url: "Odkaz musí být celá adresa začínající https://, například https://www.instagram.com/….",
  ico: "IČO má osm číslic a musí projít kontrolou jako v živnostenském rejstříku. Zkontrolujte ho prosím na www.rzp.cz.",
} as const;

/** The IČO checksum of the trade register: weights 8…2, modulo 11. */
export function hasValidIcoChecksum(ico: string): boolean {
  if (!/^\d{8}$/.test(ico)) return false;
  const digits = [...ico].map(Number);
  const sum = digits.slice(0, 7).reduce((total, digit, index) => total + digit * (8 - index), 0);
  // A remainder of 0 gives the check digit 1, of 1 gives 0.
  return digits[7] === (11 - (sum % 11)) % 10;
}

const trimmed = (message: string) => z.string(message).check(z.trim());

export const operatorSchema = z.strictObject({
  ownerName: text({ fillIn: "jméno provozovatelky", name: "Jméno" }, operatorLimits.name),
  email: trimmed(operatorMessages.email).check(
    z.refine(
      (value) => value.length <= 255 && z.email().safeParse(value).success,
      operatorMessages.email,
    ),
  ),
  /** Empty: no phone on the site. */
  phone: trimmed(operatorMessages.phone).check(
    z.refine(
      (value) => value.length <= operatorLimits.phone && /^[\d +()-]*$/.test(value),
      operatorMessages.phone,
    ),
  ),
  socialNetwork: text(
    { fillIn: "název sociální sítě", name: "Sociální síť" },
    operatorLimits.network,
  ),
  socialHandle: text({ fillIn: "jméno profilu", name: "Jméno profilu" }, operatorLimits.handle),
  socialUrl: trimmed(operatorMessages.url).check(
    z.refine((value) => isHttpsUrl(value), operatorMessages.url),
  ),
  ico: trimmed(operatorMessages.ico).check(z.refine(hasValidIcoChecksum, operatorMessages.ico)),
  seat: text({ fillIn: "sídlo", name: "Sídlo" }, operatorLimits.long),
  legalForm: text({ fillIn: "právní formu", name: "Právní forma" }, operatorLimits.long),
  register: text({ fillIn: "zápis v rejstříku", name: "Zápis v rejstříku" }, operatorLimits.long),
});
export type Operator = z.output<typeof operatorSchema>;

function isHttpsUrl(value: string): boolean {
  if (value.length > operatorLimits.url || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username;
  } catch {
    return false;
  }
}

/** What a fresh install shows (`shared/site.ts`). */
export const operatorSeed: Operator = operatorDefaults;

/** Whether the IČO or the seat are still the examples of a fresh install. */
export function isExampleOperator(operator: Pick<Operator, "ico" | "seat">): boolean {
  return (
    site.operator.isExample &&
    (operator.ico === operatorDefaults.ico || operator.seat === operatorDefaults.seat)
  );
}
