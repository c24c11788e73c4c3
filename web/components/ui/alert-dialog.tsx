import { clsx } from "clsx";
import { AlertDialog as Primitive } from "radix-ui";
import type { ComponentProps, ReactElement, ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";

/**
 * A confirmation that demands an answer: Radix's alert dialog traps focus,
 * closes on Escape or its cancel button, and never on a click outside it.
 */
export const AlertDialog = Primitive.Root;
export const AlertDialogTrigger = Primitive.Trigger;

export function AlertDialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-bark/50 backdrop-blur-[2px]" />
      <Primitive.Content
        className={clsx(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100%-2.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-cream p-6 shadow-2xl ring-1 ring-bark/10 sm:p-8",
          className,
        )}
        {...props}
      >
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return (
    <Primitive.Title
      className={clsx("font-serif text-2xl font-semibold text-bark", className)}
      {...props}
    />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return (
    <Primitive.Description
      className={clsx("mt-3 leading-relaxed text-bark-soft", className)}
      {...props}
    />
  );
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={clsx("mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof Primitive.Cancel>) {
  return <Primitive.Cancel className={buttonClasses("secondary", className)} {...props} />;
}

/** The destructive answer, in the accent colour so it is never the one pressed by habit. */
export function AlertDialogAction({
  className,
  ...props
}: ComponentProps<typeof Primitive.Action>) {
  return (
    <Primitive.Action
      className={clsx(
        // The site's button shape (web/app.css), so that `className` overrides it.
        "site-button bg-terracotta-dark text-cream shadow-sm hover:bg-[#7f4429]",
        className,
      )}
      {...props}
    />
  );
}

/** The answer that gives something (not destructive): the site's primary button. */
export function AlertDialogConfirm({
  className,
  ...props
}: ComponentProps<typeof Primitive.Action>) {
  return <Primitive.Action className={buttonClasses("primary", className)} {...props} />;
}

/**
 * The answer that closes a dialog and leaves everything as it was. „Zrušit“, as the
 * specification's „Opravdu smazat?“ has it – but beside an answer that cancels something
 * itself („Zrušit akci“, „Zrušit přihlášku“) two „Zrušit“ would leave her guessing which one
 * cancels the event, so there it is „Zpět“: short, and what Czech apps say for stepping back
 * without doing anything („Ponechat“ would need an object, „Nechat být“ sounds offhand).
 */
export function dismissLabel(cancelling: boolean): string {
  return cancelling ? "Zpět" : "Zrušit";
}

/**
 * A question about something pending: open while `open`, closed by „Zrušit“ (or „Zpět“ when
 * the answer is itself a cancelling: `cancelling`), Escape or the answer (`action`, an
 * AlertDialogAction or AlertDialogConfirm).
 * `description` is one element: the dialog's description becomes it.
 */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  description,
  action,
  cancelling = false,
}: {
  open: boolean;
  onCancel: () => void;
  title: ReactNode;
  description: ReactElement;
  action: ReactNode;
  /** The answer cancels something („Zrušit akci“): the dialog is then dismissed by „Zpět“. */
  cancelling?: boolean;
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(stillOpen) => {
        if (!stillOpen) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{dismissLabel(cancelling)}</AlertDialogCancel>
          {action}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
