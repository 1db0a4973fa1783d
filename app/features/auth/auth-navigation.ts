// Spec section 2 "/auth": other pages send visitors here with navigation state that
// may carry a return URL and a from-creator flag.
export type AuthNavigationState = { returnUrl?: string; fromCreator?: boolean; signUp?: boolean };

// Only same-site paths are followed, so a crafted state cannot send anyone elsewhere.
export function safeReturnUrl(value: unknown): string | undefined {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : undefined;
}

export function readAuthNavigationState(state: unknown): { returnUrl?: string; fromCreator: boolean } {
  const candidate = (state ?? {}) as AuthNavigationState;
  return { returnUrl: safeReturnUrl(candidate.returnUrl), fromCreator: candidate.fromCreator === true };
}
