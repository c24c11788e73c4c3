/**
 * What the site keeps about one e-mail address, as a plain Czech text for the
 * person who asked (GDPR art. 15: a copy in a form anyone can read). The JSON
 * download beside it holds the same data for a machine (art. 20).
 */
import { paths } from "#shared/routes";
import { site } from "#shared/site";
import { formTypeLabel, serviceLabel } from "~/components/admin/submission-format";
import { formatDateTime, roleLabel } from "~/components/admin/user-format";

/** The export as `POST /api/admin/address/export` answers it (server/admin/gdpr.ts). */
export type AddressExport = {
  email: string;
  exported_at: string;
  submissions: {
    created_at: string;
    form_type: string;
    name: string;
    email: string;
    phone: string | null;
    service_type: string | null;
    message: string | null;
    privacy_consent: boolean;
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
    last_sign_in_at: string | null;
    roles: string[];
  } | null;
};

const mailKinds: Record<string, string> = {
  owner_notification: "upozornění pro provozovatelku webu",
  contact_confirmation: "potvrzení přijaté zprávy",
  gift_delivery: "dárek",
  password_recovery: "odkaz pro nastavení nového hesla",
  email_confirmation: "potvrzení e-mailové adresy",
  password_changed: "upozornění na změnu hesla",
  access_request: "žádost o přístup do členské sekce",
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
export function addressReport(data: AddressExport, origin: string): string {
  const { operator } = site;
  const submissions = data.submissions.map((submission, index) =>
    [
      `${index + 1}. ${formTypeLabel(submission.form_type)}, odesláno ${formatDateTime(submission.created_at)}`,
      `   Jméno: ${submission.name}`,
      `   E-mail: ${submission.email}`,
      `   Telefon: ${submission.phone || "–"}`,
      ...(submission.service_type ? [`   Služba: ${serviceLabel(submission.service_type)}`] : []),
      ...(submission.message ? ["   Zpráva:", indented(submission.message, "      ")] : []),
      `   Souhlas se zpracováním osobních údajů: ${submission.privacy_consent ? "ano" : "ne"}`,
    ].join("\n"),
  );
  const mails = data.mails.map((mail, index) =>
    [
      `${index + 1}. „${mail.subject}“ (${mailKinds[mail.kind] ?? mail.kind})`,
      `   Komu: ${mail.to}`,
      `   Vytvořen: ${formatDateTime(mail.created_at)}`,
      `   Stav: ${mailStatuses[mail.status] ?? mail.status}${mail.sent_at ? `, ${formatDateTime(mail.sent_at)}` : ""}`,
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
          `   Založen: ${formatDateTime(account.created_at)}`,
          `   Poslední přihlášení: ${account.last_sign_in_at ? formatDateTime(account.last_sign_in_at) : "–"}`,
          `   Přístup: ${account.roles.length ? account.roles.map(roleLabel).join(", ") : "žádný zvláštní"}`,
          "   Heslo se uchovává jen v podobě, ze které ho nelze zpětně zjistit.",
        ].join("\n"),
      ]
    : [];
  return `${[
    `Údaje o e-mailové adrese ${data.email}`,
    `Web ${site.title} (${origin.replace(/^https?:\/\//, "")}), stav k ${formatDateTime(data.exported_at)}`,
    `Správce: ${site.ownerName}, IČO ${operator.ico}, ${operator.seat.replaceAll("\u00a0", " ")}`,
    "",
    section("Odeslané formuláře", data.submissions.length, submissions),
    "",
    section("E-maily", data.mails.length, mails),
    "",
    section("Účet", null, account ? accountLines : ["   Tato adresa nemá účet."]),
    "",
    `Proč a jak dlouho se údaje uchovávají, a jaká máte práva: ${origin}${paths.privacy}`,
    "Tytéž údaje jsou k dispozici také ve strojově čitelném souboru JSON.",
  ].join("\n")}\n`;
}
