import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { typeset } from "~/lib/typography";

/**
 * A screen's section of the administration: its heading with an icon, what it
 * is for, `header` below that (a search, an alert), then its content. Not a
 * card itself: its content's items are (one card level, so that on a phone
 * no width goes to a frame around frames).
 */
export function AdminSection({
  headingId,
  icon: Icon,
  title,
  intro,
  header,
  children,
}: {
  headingId: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="mt-6 sm:mt-10">
      <div>
        <h2
          id={headingId}
          className="flex items-center gap-3 text-2xl font-semibold text-bark sm:text-3xl"
        >
          <Icon aria-hidden="true" className="size-7 text-moss-dark" />
          {title}
        </h2>
        <p className="mt-3 max-w-3xl leading-relaxed text-bark-soft">{typeset(intro)}</p>
        {header}
      </div>
      {children}
    </section>
  );
}

/**
 * „← Články“ above a screen that is one level below another: the way back up, named by where
 * it leads (the admin menu names only the top levels).
 */
export function ParentScreenLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-5 sm:mt-8">
      <Link to={to} className="font-semibold text-moss-dark underline-offset-4 hover:underline">
        ← {children}
      </Link>
    </p>
  );
}
