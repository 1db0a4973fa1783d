import X from "lucide-react/icons/x";
import { type ComponentProps, createContext, type ReactNode, useContext, useId, useLayoutEffect, useRef } from "react";
import { cn } from "#app/lib/cn.ts";
import { raiseToasts } from "./toast-layer.ts";

// A modal on the browser's own <dialog> (ADR 0019): showModal() gives the top layer, the inert
// page behind, the focus trap, Escape and the return of the focus. Radix's dialog did the same
// in JavaScript and cost the cookie dialog's first appearance a long task on a throttled phone.
// A click beside the dialog does not close it; the close button and Escape do.

type DialogProps = {
  open: boolean;
  /** Called when the visitor closes the dialog with its close button or Escape. */
  onClose: () => void;
  width?: keyof typeof DIALOG_WIDTHS;
  children: ReactNode;
};

const DIALOG_WIDTHS = {
  normal: "max-w-lg",
  medium: "max-w-2xl",
  wide: "max-w-5xl",
  /** A workspace (the composer, ADR 0086): full height, on a phone the whole screen. */
  full: "h-[calc(100dvh-1rem)] max-w-6xl max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-none max-sm:rounded-none",
};

/**
 * The ids DialogTitle and DialogDescription take; also for a panel that is labelled like a
 * dialog without being one (the first-visit consent banner).
 */
export const DialogLabels = createContext({ titleId: "", descriptionId: "" });

export function Dialog({ open, onClose, width = "normal", children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // A layout effect, so a dialog that unmounts while open is closed before it leaves the page
  // and the browser can return the focus to where it was.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    dialog.showModal();
    // The dialog itself takes the focus, so it is announced with its title and no focus ring
    // greets the visitor on its first control; Tab leads on from there.
    dialog.focus();
    raiseToasts();
    return () => dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape closes the dialog in the browser; its owner learns of it here. A close the owner
      // asked for itself (open is false by then) is not reported back.
      onClose={() => {
        if (open) onClose();
      }}
      // A column of flex items: a part that scrolls on its own (the consent choices) can shrink to
      // fit, and the rest keeps its height.
      className={cn(
        "m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/60 focus:outline-none open:flex sm:p-6",
        DIALOG_WIDTHS[width],
      )}
    >
      {/* The content exists only while the dialog is open, so each opening starts afresh. */}
      <DialogLabels value={{ titleId, descriptionId }}>{open ? children : null}</DialogLabels>
      <DialogCloseButton onClose={onClose} />
    </dialog>
  );
}

/** The × in the top right corner, for the dialog and for panels that show a dialog's content. */
export function DialogCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      onClick={onClose}
      className="absolute right-3 top-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      aria-label="Schließen"
    >
      <X className="size-5" aria-hidden />
    </button>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<"h2">) {
  const { titleId } = useContext(DialogLabels);
  return <h2 id={titleId} className={cn("text-lg font-semibold text-slate-900", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<"p">) {
  const { descriptionId } = useContext(DialogLabels);
  return <p id={descriptionId} className={cn("text-sm text-slate-600", className)} {...props} />;
}
