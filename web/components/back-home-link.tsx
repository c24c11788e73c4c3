import { clsx } from "clsx";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#shared/routes";
import { buttonClasses } from "~/components/ui/button";

type BackHomeLinkProps = {
  /** A quiet text link (top of a page) or a button (end of a page). */
  look?: "link" | "button";
  label?: string;
  className?: string;
};

/** The way back from an inner page to the main page. */
export function BackHomeLink({
  look = "link",
  label = "Zpět na hlavní stránku",
  className,
}: BackHomeLinkProps) {
  return (
    <Link
      to={paths.home}
      className={clsx(
        look === "button"
          ? buttonClasses("secondary")
          : "inline-flex min-h-11 items-center gap-2 rounded-full pr-2 font-semibold text-moss-dark underline-offset-4 hover:underline",
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-5 shrink-0" />
      {label}
    </Link>
  );
}
