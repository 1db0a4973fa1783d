import { useSyncExternalStore } from "react";

// Sign-out ends the session on the server before this tab's session store hears of it. A query
// bound to the session that refetched in between met a 401 (and the console showed it), so those
// queries pause while a sign-out runs (ADR 0061).
let signingOut = false;
const listeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  signingOut = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSigningOut(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => signingOut,
    () => false,
  );
}
