import { clsx } from "clsx";
import type { ComponentProps } from "react";
import { Link } from "react-router";

type Variant = "primary" | "secondary" | "ghost";

/** The site's one button look, for <button>, <a> and <Link> alike. */
export function buttonClasses(variant: Variant = "primary", className?: string): string {
  return clsx(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2.5 text-base font-semibold transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-60",
    variant === "primary" && "bg-moss text-cream shadow-sm hover:bg-moss-dark",
    variant === "secondary" &&
      "border-2 border-moss bg-cream/80 text-moss-dark hover:bg-sage-light",
    variant === "ghost" && "text-moss-dark underline-offset-4 hover:underline",
    className,
  );
}

type ButtonProps = ComponentProps<"button"> & { variant?: Variant };

export function Button({ variant, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: Variant };

/** A link that looks like a button; `to` may be a path or a home page anchor such as "/#contact". */
export function ButtonLink({ variant, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, className)} {...props} />;
}
