/**
 * Every confirmation says its „leave it as it was“ answer by one rule, dismissLabel()
 * (alert-dialog.tsx): „Zrušit“, as the specification's „Opravdu smazat?“ has it, or „Zpět“
 * beside an answer that cancels something itself. A dialog that writes its own word („Nechat“
 * once on the article's deletion) breaks it.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { dismissLabel } from "~/components/ui/alert-dialog";

const root = join(import.meta.dirname, "../../..");

async function componentFiles(): Promise<string[]> {
  const entries = await readdir(join(root, "web"), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe("a confirmation's dismiss answer", () => {
  it("is „Zrušit“, or „Zpět“ beside an answer that cancels", () => {
    expect(dismissLabel(false)).toBe("Zrušit");
    expect(dismissLabel(true)).toBe("Zpět");
  });

  it("is always dismissLabel()'s, never a word of a dialog's own", async () => {
    const files = await componentFiles();
    expect(files).toContain("web/components/admin/article-screens.tsx");
    const own: string[] = [];
    for (const file of files) {
      const source = await readFile(join(root, file), "utf8");
      for (const [, label] of source.matchAll(/<AlertDialogCancel[^>]*>([^<]*)</g)) {
        if (!label?.trim().startsWith("{dismissLabel(")) own.push(`${file}: ${label?.trim()}`);
      }
    }
    expect(own).toEqual([]);
  });
});
