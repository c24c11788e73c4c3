import { LogIn, ShieldCheck } from "lucide-react";
import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { ButtonLink } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

/**
 * What the administration is, and its door (`/prihlaseni`). Administrators
 * who are refused or signed out are sent to this page, so it tells them why
 * they are here; members sign in above, in the members' area.
 */
export function MembersAccess() {
  return (
    <section aria-labelledby="pristup-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto max-w-5xl">
        <h2
          id="pristup-heading"
          className="text-center text-3xl font-semibold text-bark sm:text-4xl"
        >
          {typeset("Administrace webu")}
        </h2>
        <div className="mx-auto mt-12 max-w-3xl rounded-[2rem] bg-sand/60 p-7 sm:p-9">
          <span className="flex size-12 items-center justify-center rounded-full bg-cream text-terracotta-dark">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h3 className="mt-5 text-2xl font-semibold text-bark">
            {typeset("Administrace je jen pro administrátory")}
          </h3>
          <p className="mt-3 leading-relaxed text-bark-soft">
            {typeset(
              "Přístup do administrace webu mají pouze administrátoři. Běžný účet ani registrace oprávnění administrátora nedávají.",
            )}
          </p>
          <p className="mt-3 leading-relaxed text-bark-soft">
            {typeset(
              "Pokud vás sem web přesměroval z administrace, buď vypršelo přihlášení, nebo váš účet oprávnění administrátora nemá. Administrátoři se přihlašují na stránce přihlášení do administrace.",
            )}
          </p>
          <ButtonLink to={paths.signIn} variant="secondary" className="mt-6">
            <LogIn aria-hidden="true" className="size-5" />
            Přihlášení do administrace
          </ButtonLink>
        </div>
        <div className="mt-12 flex justify-center">
          <BackHomeLink look="button" />
        </div>
      </div>
    </section>
  );
}
