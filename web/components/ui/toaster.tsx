import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";

/** The site's palette for the notices; every pair has at least AA contrast. */
const palette = {
  fontFamily: "var(--font-sans)",
  "--success-bg": "var(--color-sage-light)",
  "--success-border": "color-mix(in srgb, var(--color-moss) 35%, transparent)",
  "--success-text": "var(--color-moss-dark)",
  "--error-bg": "#fbeee6",
  "--error-border": "color-mix(in srgb, var(--color-terracotta) 45%, transparent)",
  "--error-text": "var(--color-terracotta-dark)",
  "--info-bg": "var(--color-cream)",
  "--info-border": "color-mix(in srgb, var(--color-bark) 20%, transparent)",
  "--info-text": "var(--color-bark)",
  "--normal-bg": "var(--color-cream)",
  "--normal-text": "var(--color-bark)",
} as CSSProperties;

/**
 * The notices of the sign-in and administration screens. Mounted only there,
 * so public pages never load it. At the top: on a phone the bottom of the
 * screen is where the buttons she taps next are (a form's „Uložit“, „Přidat a
 * nahrát“, a dialog's), and a notice there covered them. On a wide screen
 * under the sticky header (72 px); on a phone over it, as a notice under it
 * covered „Zpět na seznam“ and „Odhlásit se“, the buttons she taps right
 * after marking a record or signing in. A swipe dismisses it.
 */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      offset={{ top: 88 }}
      mobileOffset={{ top: 8, left: 12, right: 12 }}
      richColors
      closeButton
      duration={4500}
      containerAriaLabel="Oznámení"
      style={palette}
      toastOptions={{
        style: { fontSize: "15px", borderRadius: "1rem" },
        closeButtonAriaLabel: "Zavřít oznámení",
        // A finger-sized close target (Sonner's own is 20 px).
        classNames: { closeButton: "!size-8" },
      }}
    />
  );
}
