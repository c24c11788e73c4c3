import { clsx } from "clsx";
import type { ComponentProps } from "react";

/** A data table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function Table({
  className,
  caption,
  ...props
}: ComponentProps<"table"> & { caption?: string }) {
  return (
    <section
      className="relative overflow-x-auto rounded-2xl ring-1 ring-bark/10"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      aria-label={caption}
    >
      <table
        className={clsx(
          // An address's parts stay whole here (email-link.tsx): the table scrolls sideways
          // rather than squeeze a column so far that a hyphen inside one would break it.
          "w-full min-w-[60rem] border-collapse text-left text-[0.9375rem] [&_[data-address-part]]:whitespace-nowrap",
          className,
        )}
        {...props}
      />
    </section>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={clsx("bg-sage-light/70 text-bark", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={clsx("bg-white/70", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={clsx("border-b border-bark/10 last:border-b-0", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={clsx(
        "px-3 py-3 text-sm font-semibold whitespace-nowrap first:pl-4 last:pr-4",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return (
    <td
      className={clsx("px-3 py-3 align-top text-bark first:pl-4 last:pr-4", className)}
      {...props}
    />
  );
}
