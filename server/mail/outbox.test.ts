import { describe, expect, it } from "vitest";
import {
  type ComposedMail,
  composePasswordChangedMail,
  composeRecoveryMail as composeStoredRecoveryMail,
  composeSubmissionMail as composeStoredSubmissionMail,
  type MailSettings,
  renderStoredMail,
} from "./outbox";

/** An e-mail as the worker sends it: its data through the database's JSON, then rendered. */
async function rendered(mail: ComposedMail) {
  const data = JSON.parse(JSON.stringify(mail.data)) as unknown;
  return { ...mail, ...(await renderStoredMail({ kind: mail.kind, data })) };
}

async function composeSubmissionMail(...args: Parameters<typeof composeStoredSubmissionMail>) {
  const { toOwner, toVisitor } = await composeStoredSubmissionMail(...args);
  return Promise.all([toOwner, toVisitor].map(rendered));
}

async function composeRecoveryMail(...args: Parameters<typeof composeStoredRecoveryMail>) {
  return rendered(await composeStoredRecoveryMail(...args));
}

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
  formType: "contact" as const,
  name: "Jiří Čermák",
  email: "jiri@example.cz",
  phone: null,
  serviceType: "workshop",
  message: "Dobrý den,\n\nmáte volno v lednu?",
  privacyConsent: true,
};

describe("the e-mails of a submission", () => {
  it("give the practitioner every field that holds something, with line breaks kept", async () => {
    const [owner] = await composeSubmissionMail(contact, settings);

    expect(owner).toMatchObject({
      kind: "owner_notification",
      to: "katerina@example.cz",
      replyTo: "jiri@example.cz",
      subject: "Kontaktní formulář: Jiří Čermák",
    });
    expect(owner?.text).not.toContain("Telefon");
    expect(owner?.text).toContain("Služba: Skupinový workshop");
    expect(owner?.text).toContain("Odesláno: 24. prosince 2026\u00a0v\u00a018:30");
    expect(owner?.text).toContain("Dobrý den,\n\nmáte volno v lednu?");
    expect(owner?.html).toMatch(/<html [^>]*lang="cs"/);
    expect(owner?.html).toContain("https://harmonie.example/admin");
    // One tap to the record itself; its id is in the link only, never printed.
    expect(owner?.html).toContain(`href="https://harmonie.example/admin/zaznam/${contact.id}"`);
    expect(owner?.text).toContain(
      `Otevřít záznam v\u00a0administraci https://harmonie.example/admin/zaznam/${contact.id}`,
    );
    expect(owner?.text?.replaceAll(`/admin/zaznam/${contact.id}`, "")).not.toContain(contact.id);
  });

  it("name a gift's form once, in the heading, with no empty phone, service or message lines", async () => {
    const [owner] = await composeSubmissionMail(
      { ...contact, formType: "gift_ritual", serviceType: null, message: null },
      settings,
    );
    const text = (owner?.text ?? "").replaceAll("\u00a0", " ");
    expect(owner?.subject).toBe("Dárek – rituál: Jiří Čermák");
    expect(text).toContain("Nový záznam: Dárek – rituál");
    expect(text.match(/Dárek – rituál/g)).toHaveLength(1);
    for (const empty of ["Formulář:", "Telefon", "Služba", "Zpráva", ": –"]) {
      expect(text).not.toContain(empty);
    }
    expect(text).toContain("Jméno: Jiří Čermák");
  });

  it("escape what the visitor typed in the HTML", async () => {
    const typed = { name: "<b>Jiří</b>", message: "<script>alert(1)</script> a další text" };
    const [owner, confirmation] = await composeSubmissionMail({ ...contact, ...typed }, settings);
    const [, gift] = await composeSubmissionMail(
      { ...contact, ...typed, formType: "gift_fragrance", phone: null, serviceType: null },
      settings,
    );

    for (const mail of [owner, confirmation, gift]) {
      expect(mail?.html).not.toContain("<script>alert(1)");
      expect(mail?.html).not.toContain("<b>Jiří</b>");
    }
    expect(owner?.html).toContain("&lt;script&gt;");
    expect(owner?.html).toContain("&lt;b&gt;Jiří&lt;/b&gt;");
    // The gift greets only by a first name it knows, so markup never reaches it.
    expect(gift?.html).toContain("Krásný den,</p>");
    // The confirmation quotes nothing the visitor typed, escaped or not.
    expect(confirmation?.html).not.toContain("script");
  });

  it("keep a name on one line in the subject and greeting", async () => {
    const [owner] = await composeSubmissionMail(
      { ...contact, name: "Jiří\r\nBcc: cizi@example.cz" },
      settings,
    );
    const [, gift] = await composeSubmissionMail(
      { ...contact, formType: "gift_ritual", name: "Jiří\r\nBcc: cizi@example.cz" },
      settings,
    );

    expect(owner?.subject).toBe("Kontaktní formulář: Jiří Bcc: cizi@example.cz");
    // The greeting takes only the first name, in the vocative.
    expect(gift?.text).toContain("Krásný den, Jiří,");
    expect(gift?.text).not.toContain("Bcc");
  });

  it("keep bidi overrides and other invisible format characters out of the subject", async () => {
    const [owner] = await composeSubmissionMail(
      { ...contact, name: "Jiří\u202e\u200bČermák" },
      settings,
    );

    expect(owner?.subject).toBe("Kontaktní formulář: JiříČermák");
  });

  it("thank a contact visitor with „vy“, as the site does", async () => {
    const [, confirmation] = await composeSubmissionMail(contact, settings);

    expect(confirmation).toMatchObject({
      kind: "contact_confirmation",
      to: "jiri@example.cz",
      replyTo: "katerina@example.cz",
      subject: "Vaše zpráva dorazila – Harmonie přírody",
    });
    expect(confirmation?.text).toContain("děkuji za vaši zprávu");
  });

  it("set their own words in Czech typography, and what the visitor typed as typed", async () => {
    const [owner, confirmation] = await composeSubmissionMail(
      { ...contact, message: "Přijdu s kamarádkou a v 9 hodin." },
      settings,
    );
    for (const body of [confirmation?.html, confirmation?.text]) {
      expect(body).toContain("v\u00a0pořádku");
      expect(body).toContain("S\u00a0láskou");
    }
    expect(owner?.html).toContain("najdete v\u00a0");
    expect(owner?.text).toContain("Přijdu s kamarádkou a v 9 hodin.");
  });

  it("confirm a contact message without quoting anything the visitor typed, to any address", async () => {
    const [owner, confirmation] = await composeSubmissionMail(
      {
        ...contact,
        message: "Levné hodinky na https://spam.example/kup-ted, napište na x@spam.example",
      },
      settings,
    );

    expect(owner?.text).toContain("https://spam.example/kup-ted");
    for (const body of [confirmation?.text, confirmation?.html]) {
      expect(body).not.toContain("spam.example");
      expect(body).not.toContain("Jiří Čermák");
      expect(body).not.toContain("Levné hodinky");
    }
  });

  it("render the password recovery e-mail like every other: link in both parts, answers to the practitioner", async () => {
    const link = "https://harmonie.example/auth/v1/verify?token=abc&type=recovery";
    const mail = await composeRecoveryMail(
      { to: "jana@example.cz", fullName: "Jana\r\nNováková", link },
      settings,
    );

    expect(mail).toMatchObject({
      kind: "password_recovery",
      to: "jana@example.cz",
      replyTo: "katerina@example.cz",
      subject: "Nové heslo k účtu – Harmonie přírody",
    });
    expect(mail.text).toContain("Dobrý den, Jano,");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    // The same plain-text options as the form mails: headings keep their letter case.
    expect(mail.text).toContain("Nastavení nového hesla");
  });

  it("tell her, at her address and in Czech time, that her password changed, and what to do if it was not her", async () => {
    const mail = await rendered(
      composePasswordChangedMail(
        {
          to: "jana@example.cz",
          fullName: "Jana Nováková",
          changedAt: new Date("2026-11-27T08:05:00Z"),
        },
        settings,
      ),
    );

    expect(mail).toMatchObject({
      kind: "password_changed",
      to: "jana@example.cz",
      replyTo: "katerina@example.cz",
      subject: "Heslo k účtu je změněné – Harmonie přírody",
    });
    expect(mail.text).toContain("Dobrý den, Jano,");
    // 08:05 UTC is 9:05 in Prague in November.
    expect(mail.text).toMatch(/se 27\.\s+listopadu 2026\s+v\s+9:05\s+změnilo/);
    expect(mail.text).toContain("„Zapomenuté heslo?“");
    expect(mail.html).toContain('href="https://harmonie.example/prihlaseni"');
    await expect(
      renderStoredMail({ kind: "password_changed", data: { fullName: null, siteUrl: "x" } }),
    ).rejects.toThrow(/does not match its kind "password_changed"[\s\S]*→ at changedAt/);
  });

  it.each([
    ["Petr Novák", "Dobrý den, Petře,"],
    ["MARKÉTA SVOBODOVÁ", "Dobrý den, Markéto,"],
    ["Nováková Petra", "Dobrý den,\n"],
    ["admin", "Dobrý den,\n"],
  ])(
    "greet %j in the vocative of a known first name, or without a name",
    async (fullName, greeting) => {
      const mail = await composeRecoveryMail(
        { to: "ucet@example.cz", fullName, link: "https://harmonie.example/obnova" },
        settings,
      );
      const [gift] = (
        await composeSubmissionMail(
          {
            ...contact,
            formType: "gift_ritual",
            name: fullName,
            phone: null,
            serviceType: null,
            message: null,
          },
          settings,
        )
      ).filter((composed) => composed.kind === "gift_delivery");

      expect(mail.text).toContain(greeting);
      expect(gift?.text).toContain(greeting.replace("Dobrý den", "Krásný den"));
    },
  );

  it.each([
    ["gift_ritual", "https://video.example/ritual", "Tvůj dárek: video s každodenním rituálem"],
    ["gift_fragrance", "https://soubory.example/vune.pdf", "Tvůj dárek: návod na osobní vůni"],
  ] as const)(
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

describe("rendering a stored e-mail", () => {
  it("fails with a reason for a kind it has no template for, or data its template cannot use", async () => {
    await expect(renderStoredMail({ kind: "newsletter", data: {} })).rejects.toThrow(
      /no template for e-mails of the kind "newsletter"/,
    );
    await expect(renderStoredMail({ kind: "gift_delivery", data: null })).rejects.toThrow(
      /no data/,
    );
    await expect(
      renderStoredMail({ kind: "owner_notification", data: { submission: {}, siteUrl: "x" } }),
    ).rejects.toThrow(
      /does not match its kind "owner_notification"[\s\S]*→ at submission\.createdAt/,
    );
  });

  it("writes plain XHTML for mail clients: the doctype they expect, no comments of React's own", async () => {
    const [toOwner, toVisitor] = await composeSubmissionMail(contact, settings);
    for (const mail of [toOwner, toVisitor]) {
      expect(mail?.html).toMatch(
        /^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN" "http:\/\/www\.w3\.org\/TR\/xhtml1\/DTD\/xhtml1-transitional\.dtd"><html dir="ltr" lang="cs"><head>/,
      );
      // Streamed, React marked its boundaries and text joins for a hydration no e-mail has.
      // A button's conditional comments for Outlook are the e-mail's own (`@react-email/button`).
      const withoutOutlookParts = mail?.html.replace(/<!--\[if mso\]>[\s\S]*?<!\[endif\]-->/g, "");
      expect(withoutOutlookParts).not.toContain("<!--");
      expect(mail?.html.match(/<body/g)).toHaveLength(1);
    }
  });
});
