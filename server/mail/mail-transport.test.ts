import { mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailTransport } from "./mail-transport";

describe("the mail folder (no SMTP_URL)", () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("writes each e-mail as a whole .eml file that only the server's own user can read", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mail-folder-"));
    const mailDir = join(dataDir, "mail");
    // A folder an earlier version made, readable by everyone.
    await mkdir(mailDir, { mode: 0o755 });
    const transport = createMailTransport({
      smtpUrl: undefined,
      mailDir,
      from: "Harmonie přírody <web@example.cz>",
      messageIdDomain: "harmonie.example",
    });
    try {
      await transport.send({
        id: 7,
        to: "zapomnela@example.cz",
        replyTo: null,
        subject: "Nastavení nového hesla",
        html: '<p><a href="https://harmonie.example/auth/v1/verify?token=abc&amp;type=recovery">Nastavit heslo</a></p>',
        text: "Nastavit heslo: https://harmonie.example/auth/v1/verify?token=abc&type=recovery",
      });
    } finally {
      transport.close();
    }

    const [file, ...others] = await readdir(mailDir);
    expect(others).toEqual([]);
    expect(file).toMatch(/-7\.eml$/);
    const written = join(mailDir, file as string);
    expect(await readFile(written, "utf8")).toContain("Message-ID: <outbox-7@harmonie.example>");
    expect((await stat(written)).mode & 0o777).toBe(0o600);
    expect((await stat(mailDir)).mode & 0o777).toBe(0o700);
  });
});
