import { API_SCOPES } from "./public-api.ts";

// OAuth 2.1 for third-party apps and MCP clients (ADR 0113): the scopes are the API keys' scopes
// (plus offline_access for a refresh token), the pages Better Auth's provider sends the browser
// to, and the visible prefixes of its opaque tokens.

export const OAUTH_SCOPES = [...API_SCOPES, "offline_access"] as const;

/** Better Auth sends the browser here when nobody is signed in; the page signs in and resumes. */
export const OAUTH_LOGIN_PATH = "/oauth/anmelden";
/** … and here for the user's consent ("Zulassen"/"Ablehnen"). */
export const OAUTH_CONSENT_PATH = "/oauth/zustimmung";

export const OAUTH_ACCESS_TOKEN_PREFIX = "pw_oat_";
export const OAUTH_REFRESH_TOKEN_PREFIX = "pw_ort_";

/** The paths below the issuer (BASE_URL/api/auth) that clients call without a browser. */
export const OAUTH_ENDPOINT_PATHS = [
  "/oauth2/authorize",
  "/oauth2/token",
  "/oauth2/revoke",
  "/oauth2/register",
] as const;

export const OAUTH_TEXTS = {
  invalidConsent: "Die Zustimmung ist unvollständig. Bitte öffnen Sie die Anfrage der App erneut.",
  appNotFound: "Diese App haben Sie nicht (mehr) zugelassen.",
} as const;

/** The signature's parameters Better Auth adds to the login page's query; the new request drops them. */
export const OAUTH_RESUME_DROPPED_PARAMS = ["sig", "exp", "ba_iat", "ba_param", "ba_pl"] as const;
