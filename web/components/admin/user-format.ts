/** How the users, sign-ins and audit log views put facts into Czech words. */
import { contentItems, isContentKey } from "#shared/content/content-items";
import { formatPragueDate, formatPragueDateTime, formatPragueMoment } from "#shared/prague-time";
import { type AccountRole, type AuditEntry, roleLabels } from "#shared/user-admin";
import { formTypeName } from "~/components/admin/submission-format";

/** „14. 3. 2026“, the day in Prague. */
export function formatDate(isoTime: string): string {
  return formatPragueDate(isoTime);
}

/** „14. 3. 2026 9:30“, in Prague time: a column of times, or a time under its label. */
export function formatDateTime(isoTime: string): string {
  return formatPragueDateTime(isoTime);
}

/** „14. 3. 2026 v 9:30“, on one line: a moment inside a sentence („Zveřejněno …“). */
export function formatMoment(isoTime: string): string {
  return formatPragueMoment(isoTime);
}

const pluralRules = new Intl.PluralRules("cs-CZ");

/** „1 účet“, „3 účty“, „5 účtů“ */
export function accountCount(count: number): string {
  const rule = pluralRules.select(count);
  return `${count} ${rule === "one" ? "účet" : rule === "few" ? "účty" : "účtů"}`;
}

/** „přístup do administrace“, „přístup do členské sekce“ */
export function accessTo(role: AccountRole | string): string {
  return role === "admin" ? "přístup do administrace" : "přístup do členské sekce";
}

/** The notice after a change of access: „Přístup do členské sekce pro jana@example.cz je přidaný.“ */
export function accessChangedNotice(role: AccountRole, email: string, grant: boolean): string {
  const access = accessTo(role);
  return `${access.charAt(0).toUpperCase()}${access.slice(1)} pro ${email} je ${grant ? "přidaný" : "odebraný"}.`;
}

export function roleLabel(role: string): string {
  return role in roleLabels ? roleLabels[role as AccountRole] : role;
}

// The first that matches wins: Edge and Opera also say "Chrome", Chrome also says "Safari".
const browsers: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrom(e|ium)\//, "Chrome"],
  [/Safari\//, "Safari"],
];
// Android also says "Linux", iPhones also say "Mac OS X".
const systems: [RegExp, string][] = [
  [/Android/, "v Androidu"],
  [/iPhone|iPad/, "v iPhonu nebo iPadu"],
  [/Windows/, "ve Windows"],
  [/Mac OS X|Macintosh/, "v macOS"],
  [/Linux/, "v Linuxu"],
];

/** A browser and system in plain words, from a User-Agent: „Chrome ve Windows“. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Neznámé zařízení";
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Prohlížeč";
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "";
  return system ? `${browser} ${system}` : browser;
}

/** Who made a change: her e-mail, someone at the server (its `npm run admin`), or its retention rule. */
export function actorOf(entry: AuditEntry): string {
  if (entry.actor_email) return entry.actor_email;
  return entry.action === "submission_expired"
    ? "automatické mazání starých záznamů"
    : "správa přímo na serveru";
}

const deletionReasons = {
  submission_deleted: ".",
  submission_erased: " při výmazu všech údajů jedné e-mailové adresy.",
  submission_expired: ", protože byl starší než nastavená doba uchování.",
} as const;

function deletedSubmission(entry: AuditEntry): string {
  return entry.submission
    ? `Smazán záznam „${formTypeName(entry.submission.form_type)}“ odeslaný ${formatMoment(entry.submission.created_at)}`
    : "Smazán záznam z formuláře";
}

/** What the editor calls a content item („Nabídka“), or its key for one this version has no more. */
function contentLabel(key: string | null): string {
  if (key === null) return "neznámý";
  return isContentKey(key) ? contentItems[key].label : key;
}

/** What an entry since the articles is about, in Czech quotes („Podzimní setkání“). */
function about(entry: AuditEntry): string {
  return `„${entry.subject ?? "neznámé"}“`;
}

/** What happened, in one sentence without the actor (impersonal: no gender to guess). */
export function describeAuditEntry(entry: AuditEntry): string {
  const target = entry.target_email ?? "neznámý účet";
  switch (entry.action) {
    case "role_granted":
      return `Účet ${target} dostal ${accessTo(entry.role ?? "")}.`;
    case "role_revoked":
      return `Účtu ${target} byl odebrán ${accessTo(entry.role ?? "")}.`;
    case "two_factor_enrolled":
      return `U účtu ${target} bylo zapnuto ověření kódem z aplikace.`;
    case "two_factor_reset":
      return `Účtu ${target} bylo zrušeno ověření kódem z aplikace.`;
    case "two_factor_app_added":
      return `U účtu ${target} přibyla další aplikace pro ověřovací kódy.`;
    case "two_factor_app_removed":
      return `U účtu ${target} byla odebrána aplikace pro ověřovací kódy.`;
    case "recovery_codes_regenerated":
      return `Účet ${target} dostal nové záložní kódy; dosavadní přestaly platit.`;
    case "password_changed":
      return `U účtu ${target} bylo změněno heslo.`;
    case "first_admin_created":
      return `Účet ${target} dostal přístup do administrace jako první, jednorázovým odkazem z\u00a0výpisu serveru.`;
    case "submission_deleted":
    case "submission_erased":
    case "submission_expired":
      return `${deletedSubmission(entry)}${deletionReasons[entry.action]}`;
    case "content_published":
      return `Zveřejněn obsah „${contentLabel(entry.content_key)}“.`;
    case "content_restored":
      return `Obnovena dřívější verze obsahu „${contentLabel(entry.content_key)}“.`;
    case "article_published":
      return `Zveřejněn článek ${entry.content_key ?? ""}.`;
    case "article_restored":
      return `Obnovena dřívější verze článku ${entry.content_key ?? ""}.`;
    case "article_unpublished":
      return `Článek ${entry.content_key ?? ""} byl stažen z\u00a0webu.`;
    case "article_deleted":
      return `Smazán článek ${about(entry)}.`;
    case "photo_uploaded":
      return `Nahrána fotka ${about(entry)}.`;
    case "photo_deleted":
      return `Smazána fotka ${about(entry)}.`;
    case "booking_settings_changed":
      return "Změněna pravidla rezervací (pracovní doba, výjimky nebo lhůty).";
    case "booking_feed_rotated":
      return "Kalendář rezervací dostal novou adresu; dosavadní přestala platit.";
    case "booking_confirmed":
      return `Potvrzena rezervace ${about(entry)}.`;
    case "booking_declined":
      return `Odmítnuta rezervace ${about(entry)}.`;
    case "booking_moved":
      return `Přesunuta rezervace ${about(entry)}.`;
    case "booking_cancelled":
      return `Zrušena rezervace ${about(entry)}.`;
    case "booking_expired":
      return `Smazána stará rezervace ${about(entry)} podle nastavené doby uchování.`;
    case "event_published":
      return `Zveřejněna akce ${about(entry)}.`;
    case "event_changed":
      return `Změněna akce ${about(entry)}.`;
    case "event_cancelled":
      return `Zrušena akce ${about(entry)}; přihlášení dostali zprávu.`;
    case "event_deleted":
      return `Smazán koncept akce ${about(entry)}.`;
    case "event_message_sent":
      return `Odeslána zpráva přihlášeným na akci ${about(entry)}.`;
    case "event_signups_exported":
      return `Stažen seznam přihlášených na akci ${about(entry)}.`;
    case "event_signup_cancelled":
      return `Zrušena přihláška na akci ${about(entry)}.`;
    case "event_created":
      return `Opakováním vytvořen koncept akce ${about(entry)}.`;
    case "newsletter_letter_sent":
      return `Odeslán dopis ${about(entry)}.`;
    case "newsletter_letter_scheduled":
      return `Naplánován dopis ${about(entry)}.`;
    case "newsletter_letter_stopped":
      return `Zastaveno odesílání dopisu ${about(entry)}.`;
    case "newsletter_subscribers_exported":
      return "Stažen seznam odběratelů novinek.";
    case "newsletter_subscriber_removed":
      return "Ze seznamu odběratelů novinek byla odebrána jedna adresa.";
    default:
      return entry.action;
  }
}
