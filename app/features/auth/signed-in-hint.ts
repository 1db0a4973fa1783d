import { startTransition, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { PRERENDERED_PATHS } from "#shared/routes.ts";
import { SIGNED_IN_HINT_COOKIE } from "#shared/signed-in-hint.ts";

// ADR 0031: the marketing pages load the auth client and the session-dependent header only for
// a browser with the signed-in hint, a readable cookie the server sets and clears together with
// the session cookie (server/features/auth/signed-in-hint.ts). The auth client also keeps it
// true to the session it sees (auth-client.ts), so a hint that outlived its session, revoked
// elsewhere, is gone after the next page that loads the session.

/**
 * Pages that need no session unless the visitor is signed in. The optimizer's landing asks the
 * server itself before it loads the tool (ADR 0032); its header needs the hint like the others.
 */
const PAGES_WITHOUT_SESSION: readonly string[] = PRERENDERED_PATHS;

const listeners = new Set<() => void>();

/** Whether this browser carries the signed-in hint (it may have outlived its session). */
export function hasSignedInHint(): boolean {
  return document.cookie.split("; ").includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

export function setSignedInHint(signedIn: boolean) {
  if (signedIn === hasSignedInHint()) return;
  // Set here only for a session from before the hint existed; the server gives it its lifetime.
  // biome-ignore lint/suspicious/noDocumentCookie: one plain flag; the Cookie Store API is not in every browser we serve
  document.cookie = signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=Lax`
    : `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  for (const listener of listeners) listener();
}

/**
 * Runs in the head before the first paint: the prerendered header carries "Anmelden" for the
 * signed-out majority, and this marks a browser with the hint so app.css hides that button until
 * React has rendered the account part instead.
 */
export const SIGNED_IN_MARK_SCRIPT = `if(document.cookie.split("; ").indexOf(${JSON.stringify(`${SIGNED_IN_HINT_COOKIE}=1`)})>-1)document.documentElement.dataset.signedIn="true"`;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether this page needs the session: always on the app's own pages, on the marketing pages
 * only with the hint. Undefined while prerendering and hydrating, when it is not known yet.
 */
export function useNeedsSession(): boolean | undefined {
  const { pathname } = useLocation();
  const [hint, setHint] = useState<boolean>();
  // Read after hydration and on every navigation, as a transition. A store snapshot that
  // differs from the prerendered one (useSyncExternalStore) would make React render every
  // reader again synchronously, in the task of the hydration's effects (ADR 0031).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the reason to read the cookie again
  useEffect(() => {
    const update = () => startTransition(() => setHint(hasSignedInHint()));
    update();
    return subscribe(update);
  }, [pathname]);
  if (hint === undefined) return undefined;
  return hint || !PAGES_WITHOUT_SESSION.includes(pathname);
}
