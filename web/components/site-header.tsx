import { clsx } from "clsx";
import { LayoutDashboard, Menu, X } from "lucide-react";
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { authStorageKey } from "#shared/auth-storage-key";
import { site } from "#shared/site";
import { adminLink, consultationLink, siteMenu } from "~/components/site-menu";
import { ButtonLink } from "~/components/ui/button";
import { LogoMark } from "~/components/ui/logo-mark";
import { hasStoredAdminSession } from "~/lib/stored-session";

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
 * Whether this browser's session is an administrator's (web/lib/stored-session.ts).
 * False on the pre-rendered page: a stored session starts the page's scripts
 * at load (web/progressive/page-starter.ts), and the header looks then, at
 * each navigation, and whenever the session library says the session changed.
 * It says so on a channel named like the stored session, which this page's
 * listener hears too: a sign-in or sign-out on /clenska-sekce, another tab.
 */
function useAdminSession(locationKey: string): boolean {
  const [admin, setAdmin] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation looks again
  useEffect(() => setAdmin(hasStoredAdminSession()), [locationKey]);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(authStorageKey(location.hostname));
    channel.onmessage = () => setAdmin(hasStoredAdminSession());
    return () => channel.close();
  }, []);
  return admin;
}

/**
 * The sticky header of every page: the brand, the main menu and the
 * consultation button. Below the `nav` breakpoint the same menu list
 * collapses behind a toggle.
 *
 * The collapsed menu is a popover opened by the toggle's `popovertarget`, so
 * it opens and closes from the first paint, before the page's scripts run
 * (they start at the first input) and without them; the browser also closes
 * it on Escape and on a tap outside it. The toggle's icon and name follow the
 * popover's state in CSS (app.css). Once hydrated, the header adds what only
 * a script can: closing after a choice or a navigation, and `aria-expanded`,
 * and for a signed-in administrator the way back to the administration: in
 * the row beside the menu on a wide screen (its name where there is room for
 * it, an icon below), at the end of the menu on a narrower one.
 */
export function SiteHeader() {
  // null until hydrated: the pre-rendered toggle leaves its expanded state to
  // the browser, which derives it from the popover, rather than state a fixed one.
  const [menuOpen, setMenuOpen] = useState<boolean | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const closeMenu = useCallback(() => {
    if (menuRef.current?.matches(":popover-open")) menuRef.current.hidePopover();
  }, []);

  // A menu opened before hydration stays open; from now on its state is known.
  useEffect(() => {
    setMenuOpen(menuRef.current?.matches(":popover-open") ?? false);
  }, []);

  // A new page (or back/forward) closes the menu.
  const location = useLocation();
  const shownLocationKey = useRef(location.key);
  useEffect(() => {
    if (shownLocationKey.current === location.key) return;
    shownLocationKey.current = location.key;
    closeMenu();
  }, [location.key, closeMenu]);
  const admin = useAdminSession(location.key);

  // The browser closes the popover on Escape too, but gives focus back to the
  // toggle only when the toggle had it; as before, it always goes there.
  // Widened until the toggle hides (a tablet turned), the full menu shows
  // in its place and the open popover would float over it.
  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      closeMenu();
      toggleRef.current?.focus();
    }
    function closeWithoutToggle() {
      if (!toggleRef.current?.checkVisibility()) closeMenu();
    }
    document.addEventListener("keydown", closeOnEscape);
    window.addEventListener("resize", closeWithoutToggle);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
      window.removeEventListener("resize", closeWithoutToggle);
    };
  }, [menuOpen, closeMenu]);

  return (
    <header className="sticky top-0 z-50 print:hidden border-b border-bark/10 bg-cream/90 backdrop-blur-md supports-[backdrop-filter]:bg-cream/80">
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to #obsah without scripts; the handler reaches any page's <main> */}
      <a
        href="#obsah"
        onClick={skipToContent}
        className="sr-only rounded-full bg-moss-dark px-5 py-3 font-semibold text-cream focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-10"
      >
        Přeskočit na obsah
      </a>
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

        {admin && (
          // In the room the brand leaves: it moves nothing when it appears after load.
          <ButtonLink
            to={adminLink.to}
            variant="secondary"
            title={adminLink.label}
            className="shrink-0 px-2.5 text-[0.9375rem] max-nav:hidden xl:px-3.5"
          >
            <LayoutDashboard aria-hidden="true" className="size-5 xl:hidden" />
            <span className="max-xl:sr-only">{adminLink.label}</span>
          </ButtonLink>
        )}

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
            popoverTarget={menuId}
            aria-expanded={menuOpen ?? undefined}
            aria-controls={menuId}
            className="inline-flex size-11 items-center justify-center rounded-full text-moss-dark transition-colors hover:bg-sage-light nav:hidden"
          >
            <span className="menu-toggle-open">
              <Menu aria-hidden="true" className="size-6" />
              <span className="sr-only">Otevřít menu</span>
            </span>
            <span className="menu-toggle-close">
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">Zavřít menu</span>
            </span>
          </button>

          <div
            ref={menuRef}
            id={menuId}
            popover="auto"
            onToggle={(event) => setMenuOpen(event.newState === "open")}
            className={clsx(
              // Placed over the browser's own popover styles (centred, framed, sized to fit).
              "fixed inset-x-0 top-(--header-height) bottom-auto m-0 h-auto w-auto max-h-[calc(100svh-var(--header-height))] overflow-y-auto border-b border-bark/10 bg-cream text-bark shadow-lifted",
              "sm:inset-x-auto sm:right-6 sm:mt-2 sm:max-h-[calc(100svh-var(--header-height)-1rem)] sm:w-80 sm:rounded-3xl sm:border",
              "nav:static nav:mt-0 nav:flex nav:max-h-none nav:w-auto nav:items-center nav:overflow-visible nav:rounded-none nav:border-0 nav:bg-transparent nav:shadow-none",
            )}
          >
            <ul
              className={clsx(
                "grid gap-1 px-4 py-4 sm:p-3 nav:flex nav:gap-0.5 nav:p-0",
                // Room for „Administrace“ beside it on the narrowest wide screens.
                admin && "nav:max-[75rem]:[&_a]:px-2",
              )}
            >
              {siteMenu.map((item) => (
                <li key={item.to}>
                  <MenuLink to={item.to} reloadDocument={item.reloadDocument} onClick={closeMenu}>
                    {item.label}
                  </MenuLink>
                </li>
              ))}
              {admin && (
                <li className="mt-2 border-t border-bark/10 pt-2 nav:hidden">
                  <MenuLink to={adminLink.to} onClick={closeMenu}>
                    <LayoutDashboard aria-hidden="true" className="mr-3 size-5 text-moss-dark" />
                    {adminLink.label}
                  </MenuLink>
                </li>
              )}
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
  reloadDocument,
  onClick,
  children,
}: {
  to: string;
  reloadDocument?: boolean;
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
      reloadDocument={reloadDocument}
      onClick={onClick}
      className={({ isActive }) =>
        clsx(menuLinkClasses, isActive && "bg-sage-light text-moss-dark nav:bg-sage-light/70")
      }
    >
      {children}
    </NavLink>
  );
}
