import { useSyncExternalStore } from "react";
import type { ConsentSettings } from "#shared/consent.ts";
import { ROUTES } from "#shared/routes.ts";
import { clearStoredConsentMark, readStoredConsent } from "./stored-consent.ts";

// The consent state every part of the page shares: the choice in effect (analytics reads
// it), whether the dialog is open (the footer opens it) and whether a save is running.
// Before the stored choice is read (prerendering, hydration) the state says "no choice", so the
// first-visit banner is part of every prerendered page (ADR 0030).
type ConsentState = {
  /** The choice in effect; null until the visitor has made a valid one. */
  settings: ConsentSettings | null;
  dialogOpen: boolean;
  saving: boolean;
  /** Banner or dialog closed without a choice: no more asking until the next page load. */
  dismissed: boolean;
};

const INITIAL_STATE: ConsentState = { settings: null, dialogOpen: false, saving: false, dismissed: false };

// ADR 0010: the legal pages stay readable without the consent banner covering them.
const PATHS_WITHOUT_AUTOMATIC_DIALOG: readonly string[] = [ROUTES.privacy, ROUTES.terms, ROUTES.imprint];

let state = INITIAL_STATE;
let storageRead = false;
const listeners = new Set<() => void>();

function setState(patch: Partial<ConsentState>) {
  // An update from a store re-renders its readers synchronously; reading "no choice stored" after
  // hydration changes nothing and must not re-render the banner in a long task.
  if (Object.entries(patch).every(([key, value]) => state[key as keyof ConsentState] === value)) return;
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

/** Reads the stored choice once per page load, after hydration. */
export function loadStoredChoiceOnce() {
  if (storageRead) return;
  storageRead = true;
  const settings = readStoredConsent()?.settings ?? null;
  // The early mark (stored-consent.ts) may have taken an invalid choice for a valid one.
  if (!settings) clearStoredConsentMark();
  setState({ settings });
}

// Spec section 2: asked automatically while no valid choice is stored, unless the footer opened
// the dialog or the visitor closed the question on this page load. ADR 0030: as a banner.
export function shouldShowConsentBanner(state: ConsentState, pathname: string): boolean {
  if (state.settings || state.dialogOpen || state.dismissed) return false;
  // React Router 8 prerenders /impressum as /impressum/, the browser hydrates /impressum: both
  // must decide alike, or the banner is in the HTML and hydration fails (ADR 0058).
  const page = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return !PATHS_WITHOUT_AUTOMATIC_DIALOG.includes(page);
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
