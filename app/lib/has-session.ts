import { useCallback, useEffect, useRef, useState } from "react";

// Whether this browser has a session, asked without Better Auth's client: public pages that
// only need yes or no load no auth code for it (ADR 0032). The endpoint is Better Auth's own
// (the one its client's `getSession()` calls), which answers `null` without a session.
export const SESSION_ENDPOINT = "/api/auth/get-session";

export async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch(SESSION_ENDPOINT, { headers: { accept: "application/json" } });
    if (!response.ok) return false;
    const body = (await response.json()) as { session?: unknown } | null;
    return Boolean(body?.session);
  } catch {
    // Offline or a server error: treated as signed out; /auth checks again on the way in.
    return false;
  }
}

/**
 * Asks once, after the page has hydrated. `signedIn` is null until the answer is there;
 * `whenKnown()` waits for it, for a click that comes earlier.
 */
export function useHasSession() {
  const answer = useRef<Promise<boolean> | null>(null);
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const whenKnown = useCallback(() => {
    answer.current ??= hasSession();
    return answer.current;
  }, []);
  useEffect(() => {
    let current = true;
    void whenKnown().then((value) => current && setSignedIn(value));
    return () => {
      current = false;
    };
  }, [whenKnown]);
  return { signedIn, whenKnown };
}
