import { useEffect, useSyncExternalStore } from "react";

// ADR 0031: the marketing pages load sonner and mount the toaster only when their first toast
// comes (a consent choice, a settings error). Pages that import sonner themselves get the toaster
// at once (root.tsx). Once mounted it stays, so a toast raised just before a navigation to a
// marketing page (the sign-out's) is still shown there.
let requested = false;
const listeners = new Set<() => void>();

function requestToaster() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export async function loadToast() {
  requestToaster();
  const { toast } = await import("sonner");
  return toast;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the toaster belongs on the page: this page needs it, or one before it did. */
export function useToasterWanted(neededHere: boolean): boolean {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  useEffect(() => {
    if (neededHere) requestToaster();
  }, [neededHere]);
  return wanted || neededHere;
}
