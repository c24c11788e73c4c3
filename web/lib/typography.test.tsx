import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { czech, keepHyphenatedWordsWhole, keepWordsWhole, typeset } from "~/lib/typography";

describe("czech typography", () => {
  it("binds one-letter prepositions and conjunctions to the next word", () => {
    expect(czech("Setkání v přírodě a s kakaem")).toBe(
      "Setkání v\u00a0přírodě a\u00a0s\u00a0kakaem",
    );
  });

  it("handles a sentence that starts with one and an upper-case letter", () => {
    expect(czech("V Brně i okolí")).toBe("V\u00a0Brně i\u00a0okolí");
  });

  it("leaves longer words and letters inside words alone", () => {
    expect(czech("kakao voní")).toBe("kakao voní");
  });

  it("works after an opening quotation mark and a dash", () => {
    expect(czech("„k sobě“ – a dál")).toBe("„k\u00a0sobě“\u00a0– a\u00a0dál");
  });

  it("keeps a dash on the line of the word before it", () => {
    expect(czech("pomalu – s citem")).toBe("pomalu\u00a0– s\u00a0citem");
    expect(czech("Sezóna — les")).toBe("Sezóna\u00a0— les");
  });

  it("keeps a number with its unit or the word it counts", () => {
    expect(czech("Video trvá 6 minut, voda má 35 °C")).toBe(
      "Video trvá 6\u00a0minut, voda má 35\u00a0°C",
    );
    expect(czech("5 až 8 kvítků, nejvýše 2 GB, 50 %")).toBe(
      "5\u00a0až 8\u00a0kvítků, nejvýše 2\u00a0GB, 50\u00a0%",
    );
  });

  it("keeps the parts of a date together, and leaves a number before another sentence alone", () => {
    expect(czech("od 14. 3. 2025 do 1. 5.")).toBe("od 14.\u00a03.\u00a02025\u00a0do 1.\u00a05.");
    expect(czech("Bylo to v roce 2024. Pak")).toBe("Bylo to v\u00a0roce 2024. Pak");
  });
});

describe("hyphenated words", () => {
  const markup = (text: string) => renderToStaticMarkup(<p>{typeset(text)}</p>);

  it("keeps „e-mail“ and its forms on one line, the text unchanged", () => {
    expect(markup("Odkaz Ti přijde e-mailem a v e-mailové schránce")).toBe(
      '<p><span>Odkaz Ti přijde <span class="whitespace-nowrap">e-mailem</span> a\u00a0v\u00a0<span class="whitespace-nowrap">e-mailové</span> schránce</span></p>',
    );
    expect(markup("E-mail")).toBe(
      '<p><span><span class="whitespace-nowrap">E-mail</span></span></p>',
    );
  });

  it("leaves text without one as the plain string czech() gives", () => {
    expect(typeset("Setkání v přírodě – a dál")).toBe(czech("Setkání v přírodě – a dál"));
    expect(markup("Dárek - Rituál, 2-3 minuty")).toBe("<p>Dárek - Rituál, 2-3\u00a0minuty</p>");
  });

  it("keeps the spaces of a quoted message as they are", () => {
    expect(renderToStaticMarkup(<p>{keepWordsWhole("Neplatný e-mail a dost")}</p>)).toBe(
      '<p><span>Neplatný <span class="whitespace-nowrap">e-mail</span> a dost</span></p>',
    );
  });

  it("does the same in the text of an article's HTML", () => {
    expect(keepHyphenatedWordsWhole("Napište mi e-mail.")).toBe(
      'Napište mi <span class="whitespace-nowrap">e-mail</span>.',
    );
  });
});
