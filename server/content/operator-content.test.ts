/**
 * „Údaje o provozovateli“ through the administration's API, over HTTP against the real app:
 * today's values as the seed, strict checks field by field (the IČO's checksum, an e-mail
 * address, https links), and a publish the privacy notice's loader, the home page's structured
 * data and the start-up warning about the example IČO read.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentEntries } from "#database/schema";
import type { ContentEntryJson, ContentPublishJson } from "#shared/content/content-admin";
import { isExampleOperator, operatorSeed } from "#shared/content/operator-content";
import { site } from "#shared/site";
import { requestAs, startServerSignedInAsAdmin } from "#testing/test-accounts";
import type { TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";
import { loader as homeLoader, meta as homeMeta } from "~/routes/home";
import { loader as privacyLoader } from "~/routes/privacy";
import { createContentReader } from "./content-store";

describe.each(testDatabases)("the operator's facts on $name", ({ open }) => {
  let server: TestServer;
  let token: string;
  const published: string[][] = [];

  beforeAll(async () => {
    ({ server, token } = await startServerSignedInAsAdmin(open, published));
  }, openTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    requestAs(server, token, method, `/api/admin/content/operator${path}`, body);

  const liveOperator = () => createContentReader(server.db).read("operator");

  it("starts as today's values of shared/site.ts, whose example IČO the start-up warns about", async () => {
    const response = await call("GET", "");
    expect(response.status).toBe(200);
    const entry = (await response.json()) as ContentEntryJson<"operator">;
    expect(entry).toMatchObject({ label: "Údaje o provozovateli", version: 1, draft: null });
    expect(entry.published).toEqual(operatorSeed);
    expect(entry.published).toMatchObject({ ico: site.operator.ico, email: site.email });
    expect(isExampleOperator(await liveOperator())).toBe(true);
  });

  it("refuses each wrong fact with its own Czech message and stores nothing", async () => {
    const [before] = await server.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.key, "operator"));
    const response = await call("PUT", "/draft", {
      version: 1,
      data: {
        ...operatorSeed,
        ownerName: " ",
        email: "ahoj@",
        phone: "volejte večer",
        socialUrl: "http://www.instagram.com/harmonie.prirody/",
        ico: "12345678",
        seat: "Hlavní 1\nJinačovice",
        vat: "CZ12345679",
      },
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as {
      error: { code: string; fields: Record<string, string> };
    };
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual({
      ownerName: "Vyplňte prosím jméno provozovatelky.",
      email: "Zadejte prosím platnou e-mailovou adresu, například ahoj@harmonieprirody.cz.",
      phone:
        "Telefon zadejte jen číslicemi, mezerami a znaky + ( ) -, nejvýše 20 znaků, nebo pole nechte prázdné.",
      socialUrl:
        "Odkaz musí být celá adresa začínající https://, například https://www.instagram.com/….",
      ico: "IČO má osm číslic a musí projít kontrolou jako v živnostenském rejstříku. Zkontrolujte ho prosím na www.rzp.cz.",
      seat: "Sídlo se musí vejít na jeden řádek (bez Enteru) a nesmí obsahovat neviditelné znaky.",
      vat: "Toto pole sem nepatří.",
    });
    // Other wrong IČOs: seven digits, letters.
    for (const ico of ["1234567", "2559664a", 25596641]) {
      const wrong = await call("PUT", "/draft", { version: 1, data: { ...operatorSeed, ico } });
      expect(((await wrong.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
        "ico",
      );
    }
    const [after] = await server.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.key, "operator"));
    expect(after).toEqual(before);
  });

  it("publishes her real IČO, seat and phone: the privacy notice reads them, the warning stops", async () => {
    const real = {
      ...operatorSeed,
      ico: " 25596641 ",
      seat: "Lipová 12, 664\u00a034 Jinačovice",
      phone: "+420 777 123 456",
    };
    expect((await call("PUT", "/draft", { version: 1, data: real })).status).toBe(200);
    const response = await call("POST", "/publish", { version: 2 });
    expect(response.status).toBe(200);
    const { pages } = (await response.json()) as ContentPublishJson;
    expect(pages).toEqual({ paths: ["/", "/zasady-ochrany-osobnich-udaju"], outcome: "updated" });
    const { operator } = await privacyLoader({
      context: { content: createContentReader(server.db) },
    } as never);
    expect(operator).toMatchObject({ ico: "25596641", phone: "+420 777 123 456" });
    expect(isExampleOperator(operator)).toBe(false);
    // The home page's structured data states her phone.
    const content = createContentReader(server.db);
    const loaderData = await homeLoader({ context: { content } } as never);
    const [business] = homeMeta({ loaderData } as never).filter((meta) => "script:ld+json" in meta);
    expect(business).toMatchObject({
      "script:ld+json": { telephone: "+420 777 123 456", email: site.email },
    });
  });
});
