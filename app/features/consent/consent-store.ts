import { useSyncExternalStore } from "react";
import type { ConsentSettings } from "#shared/consent.ts";
import { ROUTES } from "#shared/routes.ts";
import { readStoredConsent } from "./stored-consent.ts";

// The consent state every part of the page shares: the choice in effect (analytics reads
// it), whether the dialog is open (the footer opens it) and whether a save is running.
type ConsentState = {
  /** The choice in effect; null until the visitor has made a valid one. */
  settings: ConsentSettings | null;
  dialogOpen: boolean;
  saving: boolean;
  /** Closed without a choice: no automatic reopening until the next page load. */
  dismissed: boolean;
};

const INITIAL_STATE: ConsentState = { settings: null, dialogOpen: false, saving: false, dismissed: false };

// ADR 0010: the legal pages stay readable without the dialog covering them.
const PATHS_WITHOUT_AUTOMATIC_DIALOG: readonly string[] = [ROUTES.privacy, ROUTES.terms, ROUTES.imprint];

let state = INITIAL_STATE;
let storageRead = false;
const listeners = new Set<() => void>();

function setState(patch: Partial<ConsentState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentState(): ConsentState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL_STATE,
  );
}

function loadStoredChoiceOnce() {
  if (storageRead) return;
  storageRead = true;
  setState({ settings: readStoredConsent()?.settings ?? null });
}

// Spec section 2: "opens automatically on the first visit when no stored consent exists,
// unless the footer opened it". Called on every route change.
export function askForConsentIfNeeded(pathname: string) {
  loadStoredChoiceOnce();
  if (state.settings || state.dialogOpen || state.dismissed) return;
  if (PATHS_WITHOUT_AUTOMATIC_DIALOG.includes(pathname)) return;
  setState({ dialogOpen: true });
}

export function openConsentDialog() {
  setState({ dialogOpen: true });
}

/** Closed by a link in the dialog: the question stays open and comes back on the next page. */
export function closeConsentDialog() {
  setState({ dialogOpen: false });
}

/** Closed with the close button or Escape: no choice, and no more asking on this page load. */
export function dismissConsentDialog() {
  setState({ dialogOpen: false, dismissed: true });
}

// Spec section 4: "The dialog closes before the save. A loading flag is active during saving."
export function startSavingConsent(settingsDuringSave: ConsentSettings) {
  setState({ dialogOpen: false, saving: true, settings: settingsDuringSave });
}

export function finishSavingConsent(settings: ConsentSettings | null) {
  setState({ saving: false, settings });
}
