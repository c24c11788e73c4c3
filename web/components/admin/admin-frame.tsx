import { clsx } from "clsx";
import { LogOut } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { authNotices } from "#shared/auth-schemas";
import { paths } from "#shared/routes";
import { EmailAddress } from "~/components/email-link";
import { Button } from "~/components/ui/button";
import { fetchMaterials } from "~/lib/admin-api";
import { getAuthClient } from "~/lib/auth-client";
import { setFlashNotice } from "~/lib/flash-notice";
import { typeset } from "~/lib/typography";

/** The views of the administration, in the order of its menu. */
const views = [
  { to: paths.admin, label: "Odeslaná data" },
  { to: paths.adminContent, label: "Obsah" },
  { to: paths.adminMaterials, label: "Materiály" },
  { to: paths.adminUsers, label: "Uživatelé a role" },
  { to: paths.adminAuditLog, label: "Záznamy změn" },
  { to: paths.adminPrivacy, label: "Osobní údaje" },
  { to: paths.adminAccount, label: "Můj účet" },
] as const;

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
  // the title and „Odhlásit se“ share a row, and the views scroll sideways in one row.
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
      </div>
    </main>
  );
}

/** The views of the administration, and how many gift e-mails wait for a material. */
function AdminMenu() {
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // Which edges of the row hide more views: they fade, so that the row looks scrollable.
  const [more, setMore] = useState({ before: false, after: false });
  const showMore = useCallback(() => {
    const row = list.current;
    if (!row) return;
    const before = row.scrollLeft > 1;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setMore((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, []);
  // On a phone the row scrolls sideways: the view she is on is brought into it before the
  // frame is first painted (each view renders its own), and again when the screen's width
  // changes (a phone turned), not when only its height does (the browser's bar folding away).
  useLayoutEffect(() => {
    const showCurrent = () => {
      const row = list.current;
      const current = row?.querySelector<HTMLElement>("[aria-current]");
      if (!row || !current || row.scrollWidth <= row.clientWidth) return;
      const start =
        current.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
      const end = start + current.offsetWidth;
      if (start < row.scrollLeft || end > row.scrollLeft + row.clientWidth) {
        row.scrollLeft = start - 16;
      }
    };
    showCurrent();
    showMore();
    let width = window.innerWidth;
    const onResize = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      showCurrent();
      showMore();
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [showMore]);
  return (
    <>
      <nav aria-label="Části administrace" className="mt-4 sm:mt-8">
        {/* One row on a phone, scrolled sideways and running to the screen's edges; room above
            and below for the pills' rings and the focus outline, which the scrolling box clips. */}
        <ul
          ref={list}
          onScroll={showMore}
          data-more-before={more.before || undefined}
          data-more-after={more.after || undefined}
          className="-mx-4 flex scroll-px-4 gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 data-more-after:[mask-image:linear-gradient(to_right,black_80%,transparent)] data-more-before:[mask-image:linear-gradient(to_left,black_80%,transparent)] data-more-before:data-more-after:[mask-image:linear-gradient(to_right,transparent,black_20%,black_80%,transparent)] sm:[mask-image:none]!"
        >
          {views.map((view) => {
            // A record is one of „Odeslaná data“, where she opened it; an item one of „Obsah“.
            const current =
              pathname === view.to
                ? "page"
                : (view.to === paths.admin && pathname.startsWith(`${paths.adminRecord}/`)) ||
                    (view.to === paths.adminContent && pathname.startsWith(`${view.to}/`))
                  ? "true"
                  : undefined;
            return (
              <li key={view.to} className="shrink-0">
                <Link
                  to={view.to}
                  aria-current={current}
                  className={clsx(
                    "inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 py-2 text-[0.9375rem] font-semibold transition-colors duration-200",
                    current
                      ? "bg-moss text-cream"
                      : "bg-cream/80 text-moss-dark ring-1 ring-moss/30 hover:bg-sage-light",
                  )}
                >
                  {view.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <WaitingGiftNotice />
    </>
  );
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
