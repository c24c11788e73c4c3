import { describe, expect, it } from "vitest";
import { composeSubmissionMail, type MailSettings } from "./compose-submission-mail";

const settings: MailSettings = {
  notifyEmail: "katerina@example.cz",
  siteUrl: "https://harmonie.example",
  giftLinks: {
    ritual: "https://video.example/ritual",
    fragrance: "https://soubory.example/vune.pdf",
  },
};
const contact = {
  id: "8f0c6f8e-0000-4000-8000-000000000001",
  createdAt: new Date("2026-12-24T17:30:00Z"),
  formType: "contact",
  name: "Jiří Čermák",
  email: "jiri@example.cz",
  phone: null,
  serviceType: "workshop",
  message: "Dobrý den,\n\nmáte volno v lednu?",
  privacyConsent: true,
};

describe("the e-mails of a submission", () => {
  it("give the practitioner every field, with empty ones marked and line breaks kept", async () => {
    const [owner] = await composeSubmissionMail(contact, settings);

    expect(owner).toMatchObject({
      kind: "owner_notification",
      to: "katerina@example.cz",
      replyTo: "jiri@example.cz",
      subject: "Kontaktní formulář: Jiří Čermák",
    });
    expect(owner?.text).toContain("Telefon: –");
    expect(owner?.text).toContain("Služba: Skupinový workshop");
    expect(owner?.text).toContain("Odesláno: 24. prosince 2026 v 18:30");
    expect(owner?.text).toContain("Dobrý den,\n\nmáte volno v lednu?");
    expect(owner?.html).toMatch(/<html [^>]*lang="cs"/);
    expect(owner?.html).toContain("https://harmonie.example/admin");
  });

  it("escape what the visitor typed in the HTML", async () => {
    const [owner, confirmation] = await composeSubmissionMail(
      { ...contact, name: "<b>Jiří</b>", message: "<script>alert(1)</script> a další text" },
      settings,
    );

    for (const mail of [owner, confirmation]) {
      expect(mail?.html).not.toContain("<script>alert(1)");
      expect(mail?.html).not.toContain("<b>Jiří</b>");
      expect(mail?.html).toContain("&lt;script&gt;");
    }
  });

  it("keep a name on one line in the subject and greeting", async () => {
    const [owner, confirmation] = await composeSubmissionMail(
      { ...contact, name: "Jiří\r\nBcc: cizi@example.cz" },
      settings,
    );

    expect(owner?.subject).toBe("Kontaktní formulář: Jiří Bcc: cizi@example.cz");
    expect(confirmation?.text).toContain("Dobrý den, Jiří Bcc: cizi@example.cz,");
  });

  it("thank a contact visitor formally, as the site does", async () => {
    const [, confirmation] = await composeSubmissionMail(contact, settings);

    expect(confirmation).toMatchObject({
      kind: "contact_confirmation",
      to: "jiri@example.cz",
      replyTo: "katerina@example.cz",
      subject: "Děkujeme za Vaši zprávu – Harmonie přírody",
    });
    expect(confirmation?.text).toContain("děkuji za Vaši zprávu");
  });

  it.each([
    ["gift_ritual", "https://video.example/ritual", "Tvůj dárek: video s každodenním rituálem"],
    ["gift_fragrance", "https://soubory.example/vune.pdf", "Tvůj dárek: návod na osobní vůni"],
  ])(
    "send the %s gift itself, addressing the visitor with „ty“",
    async (formType, link, subject) => {
      const mails = await composeSubmissionMail(
        { ...contact, formType, phone: null, serviceType: null, message: null },
        settings,
      );

      expect(mails.map((mail) => mail.kind)).toEqual(["owner_notification", "gift_delivery"]);
      const gift = mails[1];
      expect(gift).toMatchObject({
        to: "jiri@example.cz",
        replyTo: "katerina@example.cz",
        subject,
      });
      expect(gift?.html).toContain(`href="${link}"`);
      expect(gift?.text).toContain(link);
      expect(gift?.text).toContain("Tvůj zájem");
      expect(gift?.text).not.toMatch(/\bVaš|\bVám\b/);
    },
  );
});
