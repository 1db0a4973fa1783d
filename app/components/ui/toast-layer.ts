// Modal dialogs are native <dialog>s in the browser's top layer (ADR 0019), above any z-index.
// The toasts join that layer as a manual popover (toaster.tsx), and each dialog that opens raises
// them again, so a toast shown while a dialog is open is not hidden behind the dialog's backdrop.
// A module of its own, so dialogs do not pull sonner into the first load (ADR 0031).
export const TOASTS_ID = "toasts";

export function raiseToasts() {
  const host = document.getElementById(TOASTS_ID);
  if (!host?.matches(":popover-open")) return;
  host.hidePopover();
  host.showPopover();
}
