import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { typeset } from "~/lib/typography";

/**
 * A screen's card of the administration: its heading with an icon, what it
 * is for, `header` below that (a search, an alert), then its content.
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
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-[2rem] bg-cream p-4 shadow-sm ring-1 ring-bark/10 sm:mt-10 sm:p-8"
    >
      <div className="px-2 sm:px-0">
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
