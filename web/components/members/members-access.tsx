import { LogIn, ShieldCheck } from "lucide-react";
import { paths } from "#shared/routes";
import { BackHomeLink } from "~/components/back-home-link";
import { ButtonLink } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

/**
 * Signing in, and what the administration is. Administrators who are refused
 * or signed out are sent to this page, so it tells them why they are here.
 */
export function MembersAccess() {
  return (
    <section aria-labelledby="pristup-heading" className="bg-cream px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto max-w-5xl">
        <h2
          id="pristup-heading"
          className="text-center text-3xl font-semibold text-bark sm:text-4xl"
        >
          {typeset("Přihlášení a administrace")}
        </h2>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <div className="flex flex-col rounded-[2rem] bg-sage-light/70 p-7 sm:p-9">
            <span className="flex size-12 items-center justify-center rounded-full bg-cream text-moss-dark">
              <LogIn aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-2xl font-semibold text-bark">{typeset("Máte už účet?")}</h3>
            <p className="mt-3 grow leading-relaxed text-bark-soft">
              {typeset(
                "Přihlaste se svým e-mailem a heslem. Jakmile členskou sekci otevřu, najdete v ní všechno, co jsem pro vás připravila.",
              )}
            </p>
            <ButtonLink to={paths.signIn} className="mt-6 self-start">
              <LogIn aria-hidden="true" className="size-5" />
              Přihlásit se
            </ButtonLink>
          </div>
          <div className="flex flex-col rounded-[2rem] bg-sand/60 p-7 sm:p-9">
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
                "Pokud vás sem web přesměroval z administrace, buď vypršelo přihlášení, nebo váš účet oprávnění administrátora nemá. Administrátoři se mohou znovu přihlásit tlačítkem „Přihlásit se“.",
              )}
            </p>
          </div>
        </div>
        <div className="mt-12 flex justify-center">
          <BackHomeLink look="button" />
        </div>
      </div>
    </section>
  );
}
