import { clsx } from "clsx";
import type { ComponentProps } from "react";
import { Link } from "react-router";

/** `light` is for dark backgrounds (moss, bark). */
type Variant = "primary" | "secondary" | "ghost" | "light";

/** The site's one button look, for <button>, <a> and <Link> alike. */
export function buttonClasses(variant: Variant = "primary", className?: string): string {
  return clsx(
    // The shape is a component class (web/app.css), so that `className` overrides it.
    "site-button",
    variant === "primary" &&
      "bg-moss text-cream shadow-soft hover:-translate-y-px hover:bg-moss-dark hover:shadow-lifted active:translate-y-0",
    variant === "secondary" &&
      "border-2 border-moss bg-cream/80 text-moss-dark hover:-translate-y-px hover:bg-sage-light active:translate-y-0",
    variant === "light" &&
      "bg-cream text-moss-dark shadow-soft hover:-translate-y-px hover:bg-sand active:translate-y-0",
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
