/**
 * „Údaje o provozovateli“ as the one owner of her contacts, with the real build's pages
 * (`npm run build`) and a real SMTP peer: she publishes a new phone and e-mail, and every page
 * the store holds (each listed page, its data, the shells, the not-found pages, the feed) shows
 * the new ones and never the old; the next e-mail to a visitor is signed with them; „Obnovit“
 * brings the old ones back everywhere.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#database/open-database";
import { storedPages } from "#database/schema";
import { publishedContent } from "#server/app";
import { createPages, type Pages } from "#server/pages/pages";
import type { ContentPublishJson, ContentRevisionsJson } from "#shared/content/content-admin";
import { operatorDefaults } from "#shared/site";
import { sampleContact } from "#testing/sample-submissions";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer, testConfig } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "#testing/test-smtp-server";

const buildDir = resolve("build");
const renderTimeoutMs = 240_000;

const newContacts = { email: "katerina@lesna-priroda.cz", phone: "+420 606 555 010" };

/** Every text the store serves (HTML, data, feed, sitemap…), by its key; removed ones left out. */
async function storedTexts(db: DatabaseHandle["db"]): Promise<Map<string, string>> {
  const rows = await db.select().from(storedPages);
  return new Map(
    rows
      .filter((row) => row.status !== 0 && !/pdf|image|font/.test(row.contentType))
      .map((row) => [row.path, Buffer.from(row.body).toString("utf8")]),
  );
}

/** The footer of a stored HTML page, or undefined for a page without one (the administration). */
function footerOf(html: string): string | undefined {
  return /<footer[\s\S]*?<\/footer>/.exec(html)?.[0];
}

/** How a phone number is written on a page: its spaces kept from breaking. */
const onPage = (phone: string) => phone.replaceAll(" ", "\u00a0");

describe.each(testDatabases)("her operator's facts on every page, on $name", ({ open }) => {
  let database: DatabaseHandle;
  let pages: Pages;
  let server: TestServer;
  let smtp: TestSmtpServer;
  let token: string;

  beforeAll(async () => {
    database = await open();
    smtp = await startTestSmtpServer();
    pages = createPages({
      database,
      serverBuildFile: testConfig({ BUILD_DIR: buildDir }).serverBuildFile,
      getLoadContext: publishedContent(database),
    });
    server = await startTestServer({
      open: async () => database,
      settings: { ADMIN_REQUIRE_2FA: "false", BUILD_DIR: buildDir, SMTP_URL: smtp.url },
      pages,
    });
    token = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
    await pages.ensureRendered();
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  function call(method: string, path: string, body?: unknown) {
    return fetch(`${server.origin}/api/admin/content/operator${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined && { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** The footers of every stored page that has one: all of them but the administration's. */
  async function footers() {
    const found = [...(await storedTexts(server.db))]
      .map(([path, body]) => [path, footerOf(body)] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
    // Each listed page, the home page's variants, the sign-in's shell, the not-found pages.
    expect(found.map(([path]) => path)).toEqual(
      expect.arrayContaining(["/", "/about", "/blog", "/zasady-ochrany-osobnich-udaju"]),
    );
    expect(found.length).toBeGreaterThan(15);
    return found;
  }

  it(
    "shows her new phone and e-mail in every page's footer and nowhere the old e-mail",
    async () => {
      for (const [path, footer] of await footers()) {
        expect(footer, path).toContain(operatorDefaults.email);
        expect(footer, path).not.toContain(onPage(newContacts.phone));
      }

      const data = { ...operatorDefaults, ...newContacts };
      expect((await call("PUT", "/draft", { version: 1, data })).status).toBe(200);
      const response = await call("POST", "/publish", { version: 2 });
      expect(response.status).toBe(200);
      const { pages: renewed } = (await response.json()) as ContentPublishJson;
      expect(renewed.outcome).toBe("updated");
      await pages.whenPolished();

      for (const [path, footer] of await footers()) {
        expect(footer, path).toContain(newContacts.email);
        expect(footer, path).toContain(onPage(newContacts.phone));
        expect(footer, path).toContain(`href="tel:+420606555010"`);
      }
      for (const [path, text] of await storedTexts(server.db)) {
        expect(text, path).not.toContain(operatorDefaults.email);
      }
      // What the server serves is the store's: the sign-in screen's shell and an unknown address.
      for (const path of ["/prihlaseni", "/stranka-ktera-neexistuje"]) {
        expect(await (await fetch(`${server.origin}${path}`)).text(), path).toContain(
          newContacts.email,
        );
      }
    },
    renderTimeoutMs,
  );

  it("signs the next e-mail to a visitor with her new phone and e-mail", async () => {
    const before = smtp.mails.length;
    const sent = await fetch(`${server.origin}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7" },
      body: JSON.stringify({ ...sampleContact, phone: "" }),
    });
    expect(sent.status).toBe(201);
    await smtp.waitForMails(before + 2);
    const confirmation = smtp.mails
      .slice(before)
      .find((mail) => mail.envelopeTo.includes(sampleContact.email));
    const text = confirmation?.text ?? "";
    expect(text).toContain("S\u00a0láskou\nKateřina");
    expect(text).toContain(`${newContacts.email}\u00a0· ${onPage(newContacts.phone)}`);
    expect(text).not.toContain(operatorDefaults.email);
    expect(confirmation?.html).toContain(newContacts.email);
  });

  it(
    "brings the old ones back everywhere with „Obnovit“",
    async () => {
      const listed = await call("GET", "/revisions");
      const { revisions } = (await listed.json()) as ContentRevisionsJson;
      const first = revisions.at(-1);
      if (!first) throw new Error("no first revision");
      const { version } = (await (await call("GET", "")).json()) as { version: number };
      const response = await call("POST", `/revisions/${first.id}/restore`, { version });
      expect(response.status).toBe(200);
      expect(((await response.json()) as ContentPublishJson).pages.outcome).toBe("updated");
      await pages.whenPolished();

      for (const [path, footer] of await footers()) {
        expect(footer, path).toContain(operatorDefaults.email);
      }
      for (const [path, text] of await storedTexts(server.db)) {
        expect(text, path).not.toContain(newContacts.email);
        expect(text, path).not.toContain(onPage(newContacts.phone));
      }
    },
    renderTimeoutMs,
  );
});
