import { clsx } from "clsx";

/** A calm loading indicator with a text for screen readers (and for the eye, when given). */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={clsx("flex flex-col items-center gap-4", className)}>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-sage-light border-t-moss motion-reduce:animate-[spin_3s_linear_infinite]"
      />
      <span className="text-base text-bark-soft">{label}</span>
    </div>
  );
}

/** The whole-screen wait while a client-only screen checks who is signed in. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-5 py-24">
      <Spinner label={label} />
    </main>
  );
}
