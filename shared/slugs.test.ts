import { describe, expect, it } from "vitest";
import { slugFromTitle, slugMaxLength } from "./slugs";

const slugForm = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("slugFromTitle", () => {
  it("keeps the title's words, lowercase, with the Czech diacritics folded", () => {
    expect(slugFromTitle("Tři byliny pro klidný večer", "clanek")).toBe(
      "tri-byliny-pro-klidny-vecer",
    );
    expect(slugFromTitle("Úplňkový kruh – Ďáblice, Žďár a Šťáhlavy", "akce")).toBe(
      "uplnkovy-kruh-dablice-zdar-a-stahlavy",
    );
    expect(slugFromTitle("Kakaový rituál 2027", "akce")).toBe("kakaovy-ritual-2027");
  });

  it("leaves out tags and entities pasted with the title, so no stray letters or dashes", () => {
    expect(slugFromTitle("<b>Kruh</b> žen", "akce")).toBe("kruh-zen");
    expect(slugFromTitle("<strong>K</strong>ruh <em>žen</em>", "akce")).toBe("kruh-zen");
    expect(slugFromTitle("Kruh<br>žen", "akce")).toBe("kruh-zen");
    expect(slugFromTitle('<span class="x">Čaj</span> &amp; byliny&nbsp;u ohně', "akce")).toBe(
      "caj-byliny-u-ohne",
    );
    // Not a tag: a heart stays what it says.
    expect(slugFromTitle("<3 Bylinky", "akce")).toBe("3-bylinky");
  });

  it("joins words by single hyphens, none at either end", () => {
    expect(slugFromTitle("  --Kruh   žen!!  (Brno) -- ", "akce")).toBe("kruh-zen-brno");
    expect(slugFromTitle("Straße & Łódź", "akce")).toBe("strasse-lodz");
  });

  it("gives the fallback for a title with no letter or digit", () => {
    expect(slugFromTitle("🌕 ✨", "akce")).toBe("akce");
    expect(slugFromTitle("<b></b> – ", "akce")).toBe("akce");
    expect(slugFromTitle("", "clanek")).toBe("clanek");
  });

  it("stays within the address's length and ends with a letter or digit there", () => {
    const slug = slugFromTitle(`${"Bylinky a ".repeat(20)}konec`, "akce");
    expect(slug.length).toBeLessThanOrEqual(slugMaxLength);
    expect(slug).toMatch(slugForm);
  });
});
