import type { NavigateFunction } from "react-router";
import { isServerPath, SIGN_IN_PARAM, safeReturnUrl } from "#shared/return-url.ts";
import { ROUTES } from "#shared/routes.ts";

// Spec section 2 "/auth": other pages send visitors here with navigation state that
// may carry a return URL and a from-creator flag.
export type AuthNavigationState = { returnUrl?: string; fromCreator?: boolean; signUp?: boolean };

/**
 * The return URL comes from navigation state, or from `?returnUrl=` where a loader or the server
 * redirected here (a redirect carries no state), e.g. /konto with a plan to buy (ADR 0023) or a
 * personal page seen signed out (ADR 0083), which also asks for sign-in mode (`?anmelden=1`).
 * Only same-site paths are followed (safeReturnUrl).
 */
export function readAuthNavigationState(
  state: unknown,
  search = "",
): { returnUrl?: string; fromCreator: boolean; signIn: boolean } {
  const candidate = (state ?? {}) as AuthNavigationState;
  const query = new URLSearchParams(search);
  const returnUrl = safeReturnUrl(candidate.returnUrl) ?? safeReturnUrl(query.get("returnUrl"));
  return { returnUrl, fromCreator: candidate.fromCreator === true, signIn: query.get(SIGN_IN_PARAM) === "1" };
}

/** The code step of a sign-in with two-factor sign-in on, with the way back in its address. */
export function twoFactorPath(returnUrl: string | undefined): string {
  const target = safeReturnUrl(returnUrl);
  return target ? `${ROUTES.authTwoFactor}?${new URLSearchParams({ returnUrl: target })}` : ROUTES.authTwoFactor;
}

/** Where the confirmation link of a sign-up leads: the tool the visitor chose (ADR 0094). */
export function emailConfirmPath(returnUrl: string | undefined): string {
  const target = safeReturnUrl(returnUrl);
  return target
    ? `${ROUTES.emailConfirmSuccess}?${new URLSearchParams({ returnUrl: target })}`
    : ROUTES.emailConfirmSuccess;
}

/**
 * After signing in: on to the return URL, else the generator. A page of the app is a client-side
 * navigation; a path of the server (a network's OAuth return, ADR 0083) needs a real page load.
 */
export function goToReturnUrl(navigate: NavigateFunction, returnUrl: string | undefined): void {
  const target = returnUrl ?? ROUTES.generator;
  if (isServerPath(target)) window.location.replace(target);
  else navigate(target, { replace: true });
}
