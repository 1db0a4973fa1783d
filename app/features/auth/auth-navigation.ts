// Spec section 2 "/auth": other pages send visitors here with navigation state that
// may carry a return URL and a from-creator flag.
export type AuthNavigationState = { returnUrl?: string; fromCreator?: boolean; signUp?: boolean };

// Only same-site paths are followed, so a crafted state cannot send anyone elsewhere.
export function safeReturnUrl(value: unknown): string | undefined {
  // "//host" and "/\\host" both leave the site in a browser.
  return typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : undefined;
}

/**
 * The return URL comes from navigation state, or from `?returnUrl=` where a loader redirected
 * here (a redirect carries no state), e.g. /konto with a plan to buy (ADR 0023).
 */
export function readAuthNavigationState(state: unknown, search = ""): { returnUrl?: string; fromCreator: boolean } {
  const candidate = (state ?? {}) as AuthNavigationState;
  const returnUrl = safeReturnUrl(candidate.returnUrl) ?? safeReturnUrl(new URLSearchParams(search).get("returnUrl"));
  return { returnUrl, fromCreator: candidate.fromCreator === true };
}
