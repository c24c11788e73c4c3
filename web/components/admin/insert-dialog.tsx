/**
 * The frame of a dialog she inserts something from into her text (a photo into an article, a
 * button into a letter): a sheet from the bottom on a phone, a window on a computer, its title
 * with „Zavřít“, what it asks of her, its choices, and „Zavřít bez vložení“ at the end.
 */
import { clsx } from "clsx";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { FormEvent, ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

export function InsertDialog({
  open,
  onOpenChange,
  title,
  description,
  width,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The window's width on a computer (a Tailwind `max-w-*` class). */
  width: "sm:max-w-2xl" | "sm:max-w-3xl";
  /** A form inside the dialog: its submit must not reach the editor's form around it. */
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-bark/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className={clsx(
            "fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-cream p-5 shadow-2xl ring-1 ring-bark/10 sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-4rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-8",
            width,
          )}
          onSubmit={onSubmit}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl font-semibold text-bark">
              {title}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Zavřít"
              className="-mt-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-bark hover:bg-sand"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 leading-relaxed text-bark-soft">
            {typeset(description)}
          </Dialog.Description>
          {children}
          <Dialog.Close className={buttonClasses("secondary", "mt-6 w-full sm:w-auto")}>
            Zavřít bez vložení
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
