import { clsx } from "clsx";
import { CircleAlert, MailPlus, Search, ShieldCheck, ShieldOff, UsersRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { paths } from "#shared/routes";
import {
  type AccountRole,
  accountRoles,
  type UserListJson,
  type UserSummary,
} from "#shared/user-admin";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminSection } from "~/components/admin/admin-section";
import {
  accessChangedNotice,
  accessTo,
  accountCount,
  formatDate,
  formatDateTime,
  roleLabel,
} from "~/components/admin/user-format";
import { EmailAddress } from "~/components/email-link";
import { AlertDialogAction, AlertDialogConfirm, ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import {
  AdminApiError,
  changeRole,
  currentAccessToken,
  fetchUsers,
  resendConfirmation,
} from "~/lib/admin-api";
import { czech, typeset } from "~/lib/typography";

type PendingChange = { user: UserSummary; role: AccountRole; grant: boolean };

const failedToLoad = "Seznam uživatelů se nepodařilo načíst. Zkuste to prosím znovu.";
const failedToChange = "Změna se nepodařila. Zkuste to prosím znovu.";
const failedToSend = "Potvrzovací e-mail se nepodařilo poslat. Zkuste to prosím znovu.";

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** „Dát přístup do administrace“ or „Odebrat přístup do členské sekce“. */
function actionLabel(role: AccountRole, grant: boolean) {
  return `${grant ? "Dát" : "Odebrat"} ${accessTo(role)}`;
}

export function UsersScreen({
  email,
  initialList,
  listFailed,
}: {
  email: string;
  initialList: UserListJson;
  listFailed: boolean;
}) {
  const [list, setList] = useState(initialList);
  const [search, setSearch] = useState("");
  const [searched, setSearched] = useState("");
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [refusal, setRefusal] = useState<string | null>(listFailed ? failedToLoad : null);

  async function runSearch(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    try {
      setList(await fetchUsers(await currentAccessToken(), search.trim()));
      setSearched(search.trim());
      setRefusal(null);
    } catch {
      setRefusal(failedToLoad);
    } finally {
      setLoading(false);
    }
  }

  async function confirm(change: PendingChange) {
    setPending(null);
    try {
      const result = await changeRole(await currentAccessToken(), {
        userId: change.user.id,
        role: change.role,
        grant: change.grant,
      });
      setList((current) => ({
        ...current,
        users: current.users.map((user) => (user.id === result.user.id ? result.user : user)),
      }));
      setRefusal(null);
      toast.success(czech(accessChangedNotice(change.role, change.user.email, change.grant)));
      // Without the role she may not stay: the next load sends her out with the reason.
      if (!change.grant && change.role === "admin" && change.user.email === email) {
        window.location.assign(paths.admin);
      }
    } catch (error) {
      setRefusal(
        error instanceof AdminApiError && error.status < 500 && error.code
          ? error.message
          : failedToChange,
      );
    }
  }

  const ask = (user: UserSummary, role: AccountRole, grant: boolean) =>
    setPending({ user, role, grant });

  async function sendConfirmation(user: UserSummary) {
    try {
      const result = await resendConfirmation(await currentAccessToken(), user.id);
      setRefusal(null);
      toast.success(
        czech(
          `Potvrzovací e-mail je na cestě na adresu ${result.email}. Odkaz v něm platí 24\u00a0hodin.`,
        ),
      );
    } catch (error) {
      // A notice, in view wherever the card she tapped is (the page's alert is above the list).
      toast.error(
        error instanceof AdminApiError && error.status < 500 && error.code
          ? error.message
          : failedToSend,
      );
    }
  }
  const actions: Actions = { onChange: ask, onResend: sendConfirmation };

  return (
    <AdminFrame email={email}>
      <AdminSection
        headingId="users-heading"
        icon={UsersRound}
        title="Uživatelé a role"
        intro={
          "Přístup do členské sekce a do administrace lze dát jen účtu, který má potvrzenou e-mailovou adresu. Každá změna se zapíše do záznamů změn."
        }
        header={
          <>
            <search className="mt-6 block max-w-xl">
              <form onSubmit={runSearch} className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <div className="grow">
                  <label htmlFor="user-search" className="block text-[0.9375rem] font-semibold">
                    Hledat podle e-mailu nebo jména
                  </label>
                  <input
                    id="user-search"
                    type="search"
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                    maxLength={255}
                    className="mt-2 block h-12 w-full rounded-2xl border border-bark-soft/70 bg-white px-4 text-base text-bark hover:border-bark-soft focus:border-moss"
                  />
                </div>
                <Button type="submit" disabled={loading}>
                  <Search aria-hidden="true" className="size-5" />
                  Hledat
                </Button>
              </form>
            </search>
            <p className="mt-4 text-bark-soft" aria-live="polite">
              {searched
                ? `Nalezeno: ${accountCount(list.total)}`
                : `Celkem ${accountCount(list.total)}`}
              {list.total > list.users.length &&
                ` (zobrazeno ${list.users.length} nejnovějších – zbytek najde hledání)`}
            </p>
            {refusal && (
              <p
                role="alert"
                className="mt-4 flex max-w-3xl items-start gap-2 rounded-2xl bg-terracotta/10 px-4 py-3 font-medium text-terracotta-dark ring-1 ring-terracotta/30"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <span>{refusal}</span>
              </p>
            )}
          </>
        }
      >
        {list.users.length === 0 ? (
          <p className="mt-6 px-2 text-bark-soft sm:px-0">Žádný účet neodpovídá hledání.</p>
        ) : (
          <>
            <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:hidden">
              {list.users.map((user) => (
                <li key={user.id} data-user={user.email}>
                  <UserCard user={user} actions={actions} />
                </li>
              ))}
            </ul>
            <UsersTable users={list.users} actions={actions} />
          </>
        )}
      </AdminSection>

      <RoleChangeDialog
        change={pending}
        ownEmail={email}
        onCancel={() => setPending(null)}
        onConfirm={(change) => void confirm(change)}
      />
    </AdminFrame>
  );
}

type Actions = {
  onChange: (user: UserSummary, role: AccountRole, grant: boolean) => void;
  /** „Poslat potvrzení znovu“, for an account whose address is not confirmed. */
  onResend: (user: UserSummary) => Promise<void>;
};

function ConfirmedBadge({ user }: { user: UserSummary }) {
  return user.email_confirmed_at ? (
    <span className="inline-flex items-center gap-1 text-moss-dark">
      <ShieldCheck aria-hidden="true" className="size-4" />
      potvrzená
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 font-semibold text-terracotta-dark">
      <ShieldOff aria-hidden="true" className="size-4" />
      nepotvrzená
    </span>
  );
}

function RoleBadges({ roles }: { roles: AccountRole[] }) {
  if (roles.length === 0) return <span className="text-bark-soft">žádná</span>;
  return (
    <span className="flex flex-wrap gap-1.5">
      {roles.map((role) => (
        <span
          key={role}
          className={clsx(
            "rounded-full px-2.5 py-0.5 text-sm font-semibold",
            role === "admin" ? "bg-moss text-cream" : "bg-sage-light text-moss-dark",
          )}
        >
          {roleLabel(role)}
        </span>
      ))}
    </span>
  );
}

/**
 * The buttons of one account; for an unconfirmed address, why roles cannot be
 * given to it and a way to send the confirmation e-mail again.
 */
function RoleActions({ user, actions }: { user: UserSummary; actions: Actions }) {
  const { onChange, onResend } = actions;
  const [sending, setSending] = useState(false);
  const confirmed = user.email_confirmed_at !== null;
  return (
    <div className="flex flex-col items-stretch gap-2 lg:w-72">
      {accountRoles.map((role) => {
        const has = user.roles.includes(role);
        if (!has && !confirmed) return null;
        return (
          <Button
            key={role}
            // Giving the administration is the weightiest of them: never the filled button.
            variant={has || role === "admin" ? "secondary" : "primary"}
            className="min-h-11 px-4 py-1.5 text-[0.9375rem] lg:text-sm"
            onClick={() => onChange(user, role, !has)}
          >
            {capitalise(actionLabel(role, !has))}
          </Button>
        );
      })}
      {!confirmed && (
        <p className="text-sm leading-snug text-bark-soft">
          {typeset(
            "Roli zatím nelze přidělit: účet nemá potvrzenou e-mailovou adresu. Půjde to, až ji potvrdí odkazem z e-mailu.",
          )}
        </p>
      )}
      {!confirmed && (
        <Button
          variant="secondary"
          disabled={sending}
          className="min-h-11 px-4 py-1.5 text-[0.9375rem] lg:text-sm"
          onClick={async () => {
            setSending(true);
            await onResend(user);
            setSending(false);
          }}
        >
          <MailPlus aria-hidden="true" className="size-4" />
          Poslat potvrzení znovu
        </Button>
      )}
    </div>
  );
}

function UserCard({ user, actions }: { user: UserSummary; actions: Actions }) {
  return (
    <article className="h-full rounded-3xl bg-white/80 p-5 ring-1 ring-bark/10">
      <h3 className="font-sans text-lg font-semibold text-bark">
        <EmailAddress address={user.email} />
      </h3>
      {user.full_name && <p className="text-bark-soft">{user.full_name}</p>}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[0.9375rem]">
        <dt className="text-bark-soft">Registrace</dt>
        <dd>{formatDate(user.created_at)}</dd>
        <dt className="text-bark-soft">Poslední přihlášení</dt>
        <dd>{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : "zatím žádné"}</dd>
        <dt className="text-bark-soft">Adresa</dt>
        <dd>
          <ConfirmedBadge user={user} />
        </dd>
        <dt className="text-bark-soft">Dvoufázové ověření</dt>
        <dd>{user.two_factor ? "zapnuté" : "vypnuté"}</dd>
        <dt className="text-bark-soft">Role</dt>
        <dd>
          <RoleBadges roles={user.roles} />
        </dd>
      </dl>
      <div className="mt-5">
        <RoleActions user={user} actions={actions} />
      </div>
    </article>
  );
}

function UsersTable({ users, actions }: { users: UserSummary[]; actions: Actions }) {
  return (
    <div className="mt-6 hidden overflow-hidden rounded-2xl ring-1 ring-bark/10 lg:block">
      <table className="w-full border-collapse text-left text-[0.9375rem]">
        <thead className="bg-sage-light/70 text-bark">
          <tr>
            {[
              "E-mail a jméno",
              "Registrace",
              "Poslední přihlášení",
              "Adresa",
              "Dvoufázové ověření",
              "Role",
              "Změnit",
            ].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-3 text-sm font-semibold first:pl-4">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="bg-white/70">
          {users.map((user) => (
            <tr
              key={user.id}
              data-user={user.email}
              className="border-b border-bark/10 last:border-b-0"
            >
              <td className="min-w-56 px-3 py-3 pl-4 align-top">
                <span className="font-semibold">
                  <EmailAddress address={user.email} />
                </span>
                {user.full_name && <span className="block text-bark-soft">{user.full_name}</span>}
              </td>
              <td className="px-3 py-3 align-top whitespace-nowrap">
                {formatDate(user.created_at)}
              </td>
              <td className="px-3 py-3 align-top whitespace-nowrap">
                {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : "zatím žádné"}
              </td>
              <td className="px-3 py-3 align-top whitespace-nowrap">
                <ConfirmedBadge user={user} />
              </td>
              <td className="px-3 py-3 align-top">{user.two_factor ? "zapnuté" : "vypnuté"}</td>
              <td className="px-3 py-3 align-top">
                <RoleBadges roles={user.roles} />
              </td>
              <td className="px-3 py-3 pr-4 align-top">
                <RoleActions user={user} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The confirmation before any role changes; like „Opravdu smazat?“, an outside click does not close it. */
function RoleChangeDialog({
  change,
  ownEmail,
  onCancel,
  onConfirm,
}: {
  change: PendingChange | null;
  ownEmail: string;
  onCancel: () => void;
  onConfirm: (change: PendingChange) => void;
}) {
  const own = change?.user.email === ownEmail;
  const consequence = !change
    ? ""
    : change.grant
      ? change.role === "admin"
        ? "Uvidí všechna odeslaná data z formulářů, bude je moci mazat a bude spravovat uživatele a jejich role."
        : "Uvidí materiály členské sekce."
      : change.role === "admin"
        ? own
          ? "Jde o váš vlastní účet: hned poté se do administrace už nedostanete."
          : "Přístup skončí hned při příštím kroku v administraci."
        : "Materiály členské sekce už neuvidí.";
  return (
    <ConfirmDialog
      open={change !== null}
      onCancel={onCancel}
      title={change && `${capitalise(actionLabel(change.role, change.grant))}?`}
      description={<p>{change && typeset(`Účet ${change.user.email}. ${consequence}`)}</p>}
      action={
        change?.grant ? (
          <AlertDialogConfirm onClick={() => onConfirm(change)}>Dát přístup</AlertDialogConfirm>
        ) : (
          <AlertDialogAction onClick={() => change && onConfirm(change)}>
            Odebrat přístup
          </AlertDialogAction>
        )
      }
    />
  );
}
