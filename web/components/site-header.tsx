import { clsx } from "clsx";
import { Menu, X } from "lucide-react";
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { site } from "#shared/site";
import { consultationLink, siteMenu } from "~/components/site-menu";
import { ButtonLink } from "~/components/ui/button";
import { LogoMark } from "~/components/ui/logo-mark";

const menuId = "site-menu";

/** Moves keyboard focus to the page's main content, past the menu. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.querySelector("main");
  if (!main) return;
  event.preventDefault();
  main.tabIndex = -1;
  main.focus();
}

/**
 * The sticky header of every page: the brand, the main menu and the
 * consultation button. Below the `nav` breakpoint the same menu list
 * collapses behind a toggle.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // A new page (or back/forward) closes the menu.
  const location = useLocation();
  const [menuLocationKey, setMenuLocationKey] = useState(location.key);
  if (menuLocationKey !== location.key) {
    setMenuLocationKey(location.key);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
    function closeOnOutsidePointer(event: PointerEvent) {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    }
    document.addEventListener("keydown", closeOnEscape);
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("pointerdown", closeOnOutsidePointer);
    };
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-50 border-b border-bark/10 bg-cream/90 backdrop-blur-md supports-[backdrop-filter]:bg-cream/80"
    >
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to #obsah without scripts; the handler reaches any page's <main> */}
      <a
        href="#obsah"
        onClick={skipToContent}
        className="sr-only rounded-full bg-moss-dark px-5 py-3 font-semibold text-cream focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-10"
      >
        Přeskočit na obsah
      </a>
      {menuOpen && (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-(--header-height) -z-10 h-screen bg-bark/25 nav:hidden"
        />
      )}
      <div className="mx-auto flex h-(--header-height) max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-auto flex min-h-11 shrink-0 items-center gap-2.5 rounded-xl pr-1"
          onClick={closeMenu}
        >
          <LogoMark className="size-10 shrink-0" />
          <span className="font-serif text-lg leading-tight font-semibold text-moss-dark sm:text-xl">
            {site.title}
          </span>
        </Link>

        <ButtonLink
          to={consultationLink.to}
          className="max-sm:hidden nav:hidden"
          onClick={closeMenu}
        >
          {consultationLink.label}
        </ButtonLink>

        <nav aria-label="Hlavní menu" className="flex items-center">
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Zavřít menu" : "Otevřít menu"}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex size-11 items-center justify-center rounded-full text-moss-dark transition-colors hover:bg-sage-light nav:hidden"
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>

          <div
            id={menuId}
            className={clsx(
              menuOpen ? "block" : "hidden",
              "absolute inset-x-0 top-full max-h-[calc(100svh-var(--header-height))] overflow-y-auto border-b border-bark/10 bg-cream shadow-lifted",
              "sm:inset-x-auto sm:right-6 sm:mt-2 sm:max-h-[calc(100svh-var(--header-height)-1rem)] sm:w-80 sm:rounded-3xl sm:border",
              "nav:static nav:mt-0 nav:flex nav:max-h-none nav:w-auto nav:items-center nav:overflow-visible nav:rounded-none nav:border-0 nav:bg-transparent nav:shadow-none",
            )}
          >
            <ul className="grid gap-1 px-4 py-4 sm:p-3 nav:flex nav:gap-0.5 nav:p-0">
              {siteMenu.map((item) => (
                <li key={item.to}>
                  <MenuLink to={item.to} onClick={closeMenu}>
                    {item.label}
                  </MenuLink>
                </li>
              ))}
            </ul>
            <div className="px-4 pb-5 sm:hidden nav:block nav:p-0 nav:pl-3">
              <ButtonLink
                to={consultationLink.to}
                className="w-full nav:w-auto nav:px-5"
                onClick={closeMenu}
              >
                {consultationLink.label}
              </ButtonLink>
            </div>
          </div>
        </nav>
      </div>
    </header>
  );
}

const menuLinkClasses =
  "flex min-h-12 items-center rounded-2xl px-4 text-lg font-medium text-bark transition-colors hover:bg-sage-light hover:text-moss-dark nav:min-h-11 nav:rounded-full nav:px-3 nav:text-[0.9375rem] nav:whitespace-nowrap";

/** A menu entry: pages show which one is open; home page anchors are plain links. */
function MenuLink({
  to,
  onClick,
  children,
}: {
  to: string;
  onClick: () => void;
  children: ReactNode;
}) {
  if (to.includes("#")) {
    return (
      <Link to={to} onClick={onClick} className={menuLinkClasses}>
        {children}
      </Link>
    );
  }
  return (
    <NavLink
      to={to}
      onClick={onClick}
      className={({ isActive }) =>
        clsx(menuLinkClasses, isActive && "bg-sage-light text-moss-dark nav:bg-sage-light/70")
      }
    >
      {children}
    </NavLink>
  );
}
