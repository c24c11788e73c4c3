import { type CSSProperties, useSyncExternalStore } from "react";
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

/** Below this width the notices sit at the bottom, where they cover neither the header nor the heading. */
const phoneQuery = "(max-width: 639px)";

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(phoneQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useIsPhone() {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(phoneQuery).matches,
    () => false,
  );
}

/**
 * The notices of the sign-in and administration screens. Mounted only there,
 * so public pages never load it. At the top on wider screens, under the
 * header; on a phone at the bottom, near her thumb, leaving the header and
 * what she just did in view.
 */
export function Toaster() {
  const isPhone = useIsPhone();
  return (
    <Sonner
      position={isPhone ? "bottom-center" : "top-center"}
      // Below the sticky site header (72 px), so its menu stays usable.
      offset={{ top: 88 }}
      richColors
      closeButton
      duration={6000}
      containerAriaLabel="Oznámení"
      style={palette}
      toastOptions={{
        style: { fontSize: "15px", borderRadius: "1rem" },
        closeButtonAriaLabel: "Zavřít oznámení",
      }}
    />
  );
}
