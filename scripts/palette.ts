import { readFileSync } from "node:fs";

/**
 * The site's colours, read from the Tailwind theme in `web/app.css` so the
 * icons and the share image follow the palette when it changes.
 */
export function readPalette() {
  const css = readFileSync(new URL("../web/app.css", import.meta.url), "utf8");
  const colour = (name: string) => {
    const value = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})`))?.[1];
    if (!value) throw new Error(`web/app.css defines no --color-${name}`);
    return value;
  };
  return {
    moss: colour("moss"),
    mossDark: colour("moss-dark"),
    sage: colour("sage"),
    sageLight: colour("sage-light"),
    sand: colour("sand"),
    cream: colour("cream"),
    terracotta: colour("terracotta"),
    bark: colour("bark"),
    barkSoft: colour("bark-soft"),
  };
}

export type Palette = ReturnType<typeof readPalette>;
