/**
 * What the site keeps about one e-mail address, as a plain Czech text for the
 * person who asked (GDPR art. 15: a copy in a form anyone can read). The JSON
 * download beside it holds the same data for a machine (art. 20).
 */
import { formatPragueMoment } from "#shared/prague-time";
import { paths } from "#shared/routes";
import { type OperatorFacts, site } from "#shared/site";
import type { Submission } from "#shared/submission";
import { formTypeName, serviceLabel } from "~/components/admin/submission-format";
import { describeDevice, roleLabel } from "~/components/admin/user-format";

/** The export as `POST /api/admin/address/export` answers it (server/admin/gdpr.ts). */
export type AddressExport = {
  email: string;
  exported_at: string;
  /** As the inbox shows them, without how their e-mails fared (that is in `mails`). */
  submissions: Omit<Submission, "mail_state">[];
  /** Her bookings (server/booking/booking-personal-data.ts); absent in exports made before them. */
  bookings?: {
    offer_id: string;
    starts_at: string;
    ends_at: string;
    state: string;
    name: string;
    email: string;
    phone: string | null;
    note: string | null;
    reason?: string | null;
    privacy_consent: boolean;
    created_at: string;
  }[];
  mails: {
    kind: string;
    to: string;
    status: string;
    subject: string;
    text: string | null;
    created_at: string;
    sent_at: string | null;
  }[];
  account: {
    email: string;
    user_metadata: Record<string, unknown>;
    created_at: string;
    email_confirmed_at: string | null;
    last_sign_in_at: string | null;
    roles: string[];
    sign_ins: {
      created_at: string;
      refreshed_at: string | null;
      user_agent: string | null;
      ip_address: string | null;
    }[];
    trusted_address_blocks: { address_block: string; last_sign_in_at: string }[];
    trusted_devices: { created_at: string; last_sign_in_at: string }[];
    authenticator_apps: { name: string | null; status: string; created_at: string }[];
    members_access_requested_at: string | null;
  } | null;
};

/** „14. 3. 2026 v 9:30“, in Czech time whatever the browser's zone. */
const formatMoment = formatPragueMoment;

const mailKinds: Record<string, string> = {
  owner_notification: "upozornění pro provozovatelku webu",
  contact_confirmation: "potvrzení přijaté zprávy",
  gift_delivery: "dárek",
  password_recovery: "odkaz pro nastavení nového hesla",
  email_confirmation: "potvrzení e-mailové adresy",
  password_changed: "upozornění na změnu hesla",
  access_request: "žádost o přístup do členské sekce",
  gift_waiting: "upozornění, že na dárek někdo čeká",
  gift_reminder: "zpráva, že dárek je na cestě",
  member_welcome: "přivítání v členské sekci",
  booking_confirmation: "potvrzení rezervace",
  booking_reminder: "připomínka rezervace",
  booking_cancelled: "zrušení rezervace",
  booking_owner_notification: "upozornění na rezervaci pro provozovatelku webu",
  booking_change: "změna rezervace",
};

const bookingStates: Record<string, string> = {
  pending: "čeká na potvrzení",
  confirmed: "potvrzená",
  declined: "odmítnutá",
  cancelled: "zrušená",
};

const mailStatuses: Record<string, string> = {
  sent: "odeslaný",
  pending: "čeká na odeslání",
  failed: "nepodařilo se ho odeslat",
  waiting: "čeká, až bude dárek připravený",
};

/** Each line of a text, indented under its heading. */
function indented(text: string, by = "   "): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line ? `${by}${line}` : ""))
    .join("\n");
}

function section(title: string, count: number | null, items: string[]): string {
  const heading = count === null ? title : `${title} (${count})`;
  return [heading.toUpperCase(), "", items.length ? items.join("\n\n") : "   Žádné."].join("\n");
}

/** The report, in the order the privacy notice names the data: forms, e-mails, the account. */
export function addressReport(
  data: AddressExport,
  origin: string,
  /** The controller: her published „Údaje o provozovateli“ (`useSiteOperator`). */
  operator: Pick<OperatorFacts, "ownerName" | "ico" | "seat">,
): string {
  const submissions = data.submissions.map((submission, index) =>
    [
      `${index + 1}. ${formTypeName(submission.form_type)}, odesláno ${formatMoment(submission.created_at)}`,
      `   Jméno: ${submission.name}`,
      `   E-mail: ${submission.email}`,
      `   Telefon: ${submission.phone || "–"}`,
      ...(submission.service_type ? [`   Služba: ${serviceLabel(submission)}`] : []),
      ...(submission.message ? ["   Zpráva:", indented(submission.message, "      ")] : []),
      `   Souhlas se zpracováním osobních údajů: ${submission.privacy_consent ? "ano" : "ne"}`,
    ].join("\n"),
  );
  const bookings = (data.bookings ?? []).map((booking, index) =>
    [
      `${index + 1}. Rezervace na ${formatMoment(booking.starts_at)}, ${bookingStates[booking.state] ?? booking.state}`,
      `   Vytvořena: ${formatMoment(booking.created_at)}`,
      `   Jméno: ${booking.name}`,
      `   E-mail: ${booking.email}`,
      `   Telefon: ${booking.phone || "–"}`,
      ...(booking.note ? ["   Poznámka:", indented(booking.note, "      ")] : []),
      ...(booking.reason
        ? ["   Důvod odmítnutí nebo zrušení:", indented(booking.reason, "      ")]
        : []),
      `   Souhlas se zpracováním osobních údajů: ${booking.privacy_consent ? "ano" : "ne"}`,
    ].join("\n"),
  );
  const mails = data.mails.map((mail, index) =>
    [
      `${index + 1}. „${mail.subject}“ (${mailKinds[mail.kind] ?? mail.kind})`,
      `   Komu: ${mail.to}`,
      `   Vytvořen: ${formatMoment(mail.created_at)}`,
      `   Stav: ${mailStatuses[mail.status] ?? mail.status}${mail.sent_at ? `, ${formatMoment(mail.sent_at)}` : ""}`,
      ...(mail.text ? ["   Text:", indented(mail.text.trim(), "      ")] : []),
    ].join("\n"),
  );
  const account = data.account;
  const fullName = account?.user_metadata.full_name;
  const accountLines = account
    ? [
        [
          `   E-mail: ${account.email}`,
          ...(typeof fullName === "string" ? [`   Jméno: ${fullName}`] : []),
          `   Založen: ${formatMoment(account.created_at)}`,
          `   Poslední přihlášení: ${account.last_sign_in_at ? formatMoment(account.last_sign_in_at) : "–"}`,
          `   Potvrzení e-mailové adresy: ${account.email_confirmed_at ? formatMoment(account.email_confirmed_at) : "zatím ne"}`,
          `   Přístup: ${account.roles.length ? account.roles.map(roleLabel).join(", ") : "jen účet, bez přístupu do členské sekce"}`,
          ...(account.members_access_requested_at
            ? [
                `   Žádost o přístup do členské sekce: ${formatMoment(account.members_access_requested_at)}`,
              ]
            : []),
          `   Ověření kódem z aplikace: ${
            account.authenticator_apps.some((app) => app.status === "verified")
              ? "zapnuté"
              : "vypnuté"
          }`,
          "   Heslo se uchovává jen v podobě, ze které ho nelze zpětně zjistit.",
        ].join("\n"),
        section(
          "Přihlášení k účtu",
          account.sign_ins.length,
          account.sign_ins.map((signIn, index) =>
            [
              `${index + 1}. ${formatMoment(signIn.created_at)}, ${describeDevice(signIn.user_agent)}`,
              `   IP adresa: ${signIn.ip_address ?? "–"}`,
              `   Naposledy aktivní: ${signIn.refreshed_at ? formatMoment(signIn.refreshed_at) : "–"}`,
            ].join("\n"),
          ),
        ),
        section(
          "Sítě a zařízení, kterým web při přihlášení důvěřuje",
          account.trusted_address_blocks.length + account.trusted_devices.length,
          [
            ...account.trusted_address_blocks.map(
              (block) =>
                `   Síť ${block.address_block}, naposledy ${formatMoment(block.last_sign_in_at)}`,
            ),
            ...account.trusted_devices.map(
              (device) =>
                `   Zařízení (prohlížeč), naposledy ${formatMoment(device.last_sign_in_at)}`,
            ),
          ],
        ),
      ]
    : [];
  return `${[
    `Údaje o e-mailové adrese ${data.email}`,
    `Web ${site.title} (${origin.replace(/^https?:\/\//, "")}), stav k ${formatMoment(data.exported_at)}`,
    `Správce: ${operator.ownerName}, IČO ${operator.ico}, ${operator.seat.replaceAll("\u00a0", " ")}`,
    "",
    section("Odeslané formuláře", data.submissions.length, submissions),
    "",
    ...(bookings.length ? [section("Rezervace", bookings.length, bookings), ""] : []),
    section("E-maily", data.mails.length, mails),
    "",
    account
      ? ["ÚČET", "", accountLines.join("\n\n")].join("\n")
      : section("Účet", null, ["   Tato adresa nemá účet."]),
    "",
    "Časy jsou uvedené v českém čase. Odkazy, které fungovaly jako klíč (potvrzení adresy, nové heslo), jsou v textech e-mailů bez svého kódu („[odstraněno]“).",
    `Proč a jak dlouho se údaje uchovávají a jaká máte práva: ${origin}${paths.privacy}`,
    "Tytéž údaje jsou k dispozici také ve strojově čitelném souboru.",
  ].join("\n")}\n`;
}
