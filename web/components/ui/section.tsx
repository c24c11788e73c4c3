import { clsx } from "clsx";
import type { ReactNode } from "react";
import { czech } from "~/lib/typography";

type SectionProps = {
  id?: string;
  /** A short line above the heading. */
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The section background. */
  tone?: "cream" | "sand" | "sage";
  children?: ReactNode;
  className?: string;
};

/** A page section with a consistent rhythm: eyebrow, heading, intro, content. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = "cream",
  children,
  className,
}: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={clsx(
        "relative px-5 py-16 sm:px-8 sm:py-24",
        tone === "cream" && "bg-cream",
        tone === "sand" && "bg-sand/60",
        tone === "sage" && "bg-sage-light/70",
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">
        <header className="mx-auto max-w-2xl text-center">
          {eyebrow && <Eyebrow className="justify-center">{eyebrow}</Eyebrow>}
          <h2 id={headingId} className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {title}
          </h2>
          {intro && (
            <div className="mt-5 text-lg leading-relaxed text-pretty text-bark-soft">{intro}</div>
          )}
        </header>
        {children && <div className="mt-12">{children}</div>}
      </div>
    </section>
  );
}

/** The short line above a section heading, framed by two small strokes. */
export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={clsx(
        "flex items-center gap-3 text-sm font-semibold tracking-[0.2em] text-moss-dark uppercase",
        className,
      )}
    >
      <span aria-hidden="true" className="h-px w-6 bg-terracotta" />
      {typeof children === "string" ? czech(children) : children}
      <span aria-hidden="true" className="h-px w-6 bg-terracotta" />
    </p>
  );
}
