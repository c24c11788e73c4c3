/** The materials screen's words and numbers: kinds, sizes and the waiting gift e-mails. */
import type { WaitingGiftMail } from "#shared/materials";

export const kindLabels: Record<string, string> = {
  video: "Video",
  audio: "Zvuk",
  pdf: "PDF",
  image: "Obrázek",
  link: "Odkaz",
  guide: "Průvodce z webu",
};

/** „1 e-mail“, „3 e-maily“, „5 e-mailů“. */
export function countEmails(count: number): string {
  if (count === 1) return "1 e-mail";
  if (count >= 2 && count <= 4) return `${count} e-maily`;
  return `${count} e-mailů`;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1).replace(".", ",")} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** What the owner is told about gift e-mails that wait for a material, or null when none waits. */
export function waitingLine(waiting: WaitingGiftMail): string | null {
  const parts = [
    waiting.gift_ritual > 0 && `rituál – ${countEmails(waiting.gift_ritual)}`,
    waiting.gift_fragrance > 0 && `osobní vůně – ${countEmails(waiting.gift_fragrance)}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return `Na materiál čekají e-maily s dárkem: ${parts.join(", ")}. Jakmile k dárku přidáte materiál, odejdou samy.`;
}
