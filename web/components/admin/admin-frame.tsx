import { clsx } from "clsx";
import { Check, ChevronDown, House, LogOut, Menu } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { adminSections, sectionCurrent } from "~/components/admin/admin-sections";
import { EmailAddress } from "~/components/email-link";
import { Button } from "~/components/ui/button";
import { fetchMaterials } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { setFlashNotice } from "~/lib/flash-notice";
import { typeset } from "~/lib/typography";

/**
 * Signing out in another tab (or the session ending) takes this tab away
 * too, to /clenska-sekce with „Musíte být přihlášeni“: no administration
 * view stays on the screen without a session. `signedOutHere` is set while
 * this tab signs out itself, which goes on with its own notice.
 */
export function useLeaveWhenSignedOut(signedOutHere?: { readonly current: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    const { data } = getAuthClient().onAuthStateChange((event) => {
      if (event !== "SIGNED_OUT" || signedOutHere?.current) return;
      // Outside the library's callback, which must not wait on a navigation.
      setTimeout(() => {
        setFlashNotice({ tone: "error", text: authNotices.mustSignIn });
        navigate(paths.members, { replace: true });
      }, 0);
    });
    return () => data.subscription.unsubscribe();
  }, [navigate, signedOutHere]);
}

/**
 * Every administration view inside one frame: the header the specification
 * describes („Administrace“, „Přihlášen jako: {email}“, „Odhlásit se“), the
 * menu of views, and the move to the members' page when the session ends in
 * another tab (`useLeaveWhenSignedOut`). While she sets up her authenticator app (`settingUp`), the
 * frame shows no menu and no notice: every other view would only lead her
 * back to the set-up, and the server answers none of their data yet.
 */
export function AdminFrame({
  email,
  settingUp = false,
  children,
}: {
  email: string;
  settingUp?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signedOutHere = useRef(false);
  useLeaveWhenSignedOut(signedOutHere);

  async function signOut() {
    setSigningOut(true);
    signedOutHere.current = true;
    const { error } = await getAuthClient().signOut();
    if (error) {
      signedOutHere.current = false;
      setSigningOut(false);
      toast.error("Odhlášení se nepodařilo. Zkuste to prosím znovu.");
      return;
    }
    setFlashNotice({ tone: "success", text: authNotices.signedOut });
    navigate(paths.members, { replace: true });
  }

  // On a phone the frame stays short, so that the first record shows on the first screen:
  // the title and „Odhlásit se“ share a row, and the sections fold into one button.
  return (
    <main
      id="main"
      className="bg-linear-to-b from-sand/60 via-cream to-cream px-4 py-6 sm:px-8 sm:py-14"
    >
      <div className="mx-auto max-w-7xl">
        <header className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 sm:items-end">
          <h1 className="col-start-1 row-start-1 text-[clamp(1.5rem,7.5vw,1.875rem)] font-semibold text-bark sm:text-5xl">
            Administrace
          </h1>
          <p className="col-span-2 row-start-2 text-bark-soft sm:col-span-1 sm:mt-1">
            Přihlášen jako:{" "}
            <span className="font-semibold text-bark">
              <EmailAddress address={email} />
            </span>
          </p>
          <Button
            variant="secondary"
            onClick={signOut}
            disabled={signingOut}
            className="col-start-2 row-start-1 px-3 text-sm whitespace-nowrap sm:row-span-2 sm:px-6 sm:text-base"
          >
            <LogOut aria-hidden="true" className="size-4 sm:size-5" />
            Odhlásit se
          </Button>
        </header>

        {settingUp ? null : <AdminMenu />}

        {children}

        {/* Without the site's header here, her way to the public pages. */}
        <p className="mt-10 sm:mt-14">
          <Link
            to={paths.home}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-moss-dark underline-offset-4 hover:underline"
          >
            <House aria-hidden="true" className="size-5" />
            Zobrazit web
          </Link>
        </p>
      </div>
    </main>
  );
}

/**
 * The sections of the administration (admin-sections.ts), and how many gift e-mails wait for a
 * material. From 640 px up they are a row of links that wraps; on a phone one button, named
 * after the section she is in, lists them all, so that none is ever cut off the screen's edge.
 */
function AdminMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const current = adminSections.find((section) => sectionCurrent(section, pathname));
  // While the list is open, Escape folds it and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  return (
    <>
      <nav aria-label="Části administrace" className="mt-4 sm:mt-8">
        <div className="sm:hidden">
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls="admin-sections"
            onClick={() => setOpen((value) => !value)}
            className="flex min-h-12 w-full items-center gap-3 rounded-2xl bg-cream px-4 text-left font-semibold text-bark ring-1 ring-moss/30 transition-colors hover:bg-sage-light"
          >
            <Menu aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
            <span className="min-w-0 flex-1">
              <span className="sr-only">Části administrace: </span>
              {current?.label ?? "Části administrace"}
            </span>
            <ChevronDown
              aria-hidden="true"
              className={clsx(
                "size-5 shrink-0 text-moss-dark transition-transform",
                open && "rotate-180",
              )}
            />
          </button>
          {open && (
            <ul
              id="admin-sections"
              className="mt-2 grid gap-1 rounded-2xl bg-cream p-2 shadow-sm ring-1 ring-bark/10"
            >
              <SectionLinks
                pathname={pathname}
                onPick={() => setOpen(false)}
                marked
                linkClassName={(here) =>
                  clsx(
                    "flex min-h-11 items-center justify-between gap-3 rounded-xl px-3 py-2 font-semibold",
                    here ? "bg-moss text-cream" : "text-moss-dark hover:bg-sage-light",
                  )
                }
              />
            </ul>
          )}
        </div>
        {/* Snug enough that all of them, „Můj účet“ last, make one row from 1280 px up, not one alone below. */}
        <ul className="hidden flex-wrap gap-1.5 sm:flex">
          <SectionLinks
            pathname={pathname}
            linkClassName={(here) =>
              clsx(
                "inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3.5 py-2 text-[0.9375rem] font-semibold transition-colors duration-200",
                here
                  ? "bg-moss text-cream"
                  : "bg-cream/80 text-moss-dark ring-1 ring-moss/30 hover:bg-sage-light",
              )
            }
          />
        </ul>
      </nav>

      <WaitingGiftNotice />
    </>
  );
}

/**
 * The list items of the sections' links, the current one marked for assistive technology
 * (`aria-current`) and, with `marked`, with a tick; `onPick` runs when one is chosen.
 */
function SectionLinks({
  pathname,
  linkClassName,
  onPick,
  marked = false,
}: {
  pathname: string;
  linkClassName: (here: ReturnType<typeof sectionCurrent>) => string;
  onPick?: () => void;
  marked?: boolean;
}) {
  return adminSections.map((section) => {
    const here = sectionCurrent(section, pathname);
    return (
      <li key={section.to}>
        <Link to={section.to} aria-current={here} onClick={onPick} className={linkClassName(here)}>
          {section.label}
          {marked && here && <Check aria-hidden="true" className="size-5 shrink-0" />}
        </Link>
      </li>
    );
  });
}

/**
 * How many gift e-mails wait for a material, on every view but „Materiály“
 * (which says it itself); nothing while none waits.
 */
function WaitingGiftNotice() {
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    let current = true;
    getAuthClient()
      .getSession()
      .then(async ({ data }) => {
        if (!data.session) return;
        const { waiting: counts } = await fetchMaterials(data.session.access_token);
        if (current) setWaiting(counts.gift_ritual + counts.gift_fragrance);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  if (waiting === 0 || pathname === paths.adminMaterials) return null;
  const emails =
    waiting === 1
      ? "1 e-mail s dárkem čeká"
      : waiting <= 4
        ? `${waiting} e-maily s dárkem čekají`
        : `${waiting} e-mailů s dárkem čeká`;
  return (
    <p
      data-testid="waiting-gift-notice"
      className="mt-4 rounded-2xl bg-sand p-4 leading-relaxed text-bark ring-1 ring-bark/10 sm:mt-6"
    >
      {typeset(`${emails}, až k dárku přidáte materiál.`)}{" "}
      <Link
        to={paths.adminMaterials}
        className="font-semibold text-moss-dark underline underline-offset-4"
      >
        Přidat materiál
      </Link>
    </p>
  );
}
