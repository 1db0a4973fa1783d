import { NETWORK_IDS } from "./networks.ts";
import { oauthCallbackPath } from "./publishing.ts";
import { ROUTES } from "./routes.ts";

// Where /auth sends someone once they are signed in (ADR 0083): a path of this site only, so a
// crafted link cannot send anyone elsewhere after they typed their password.

// Any origin will do: a return URL is resolved against it, and only one that stays there is kept.
const THIS_SITE = "https://postwerk.invalid";

/** The server's own paths that a sign-in may lead back to: the networks' OAuth return. */
const SERVER_RETURN_PATHS: ReadonlySet<string> = new Set(NETWORK_IDS.map(oauthCallbackPath));

/**
 * The return URL as a path with its query, or undefined. Resolved as a browser would: "//host",
 * "/\host" and "/\t/host" (a browser drops tabs and line breaks) leave the site and are refused.
 * Paths under /api are refused too, except the networks' OAuth returns: after a sign-in, the
 * browser should land on a page, not run some API call someone else chose.
 */
export function safeReturnUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/")) return undefined;
  let url: URL;
  try {
    url = new URL(value, THIS_SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== THIS_SITE) return undefined;
  if (isServerPath(url.pathname) && !SERVER_RETURN_PATHS.has(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A path the server answers itself rather than a page of the app: reached with a full page load. */
export function isServerPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: the server does not decode it either.
  }
  return /^\/api(\/|$)/i.test(decoded);
}

/**
 * /auth in sign-in mode with a way back, for a personal page or an OAuth return seen signed out.
 * (Sign-up first stays for visitors sent from the public pages, spec section 2 "/auth".)
 */
export function signInPath(returnUrl: string): string {
  const target = safeReturnUrl(returnUrl);
  if (!target) return ROUTES.auth;
  return `${ROUTES.auth}?${new URLSearchParams({ returnUrl: target, [SIGN_IN_PARAM]: "1" })}`;
}

/** The query parameter that opens /auth in sign-in mode. */
export const SIGN_IN_PARAM = "anmelden";
