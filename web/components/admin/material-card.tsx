import type { ReactNode } from "react";

/** One section of the materials screen: a cream card with its heading. */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-[2rem] bg-cream p-5 shadow-sm ring-1 ring-bark/10 sm:p-8"
    >
      <h2 id={id} className="text-2xl font-semibold text-bark sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
