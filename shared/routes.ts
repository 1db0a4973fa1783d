import { OAUTH_CONSENT_PATH, OAUTH_LOGIN_PATH } from "./oauth.ts";

// Paths named in more than one place (navigation, prerendering, redirects).
export const ROUTES = {
  home: "/",
  features: "/funktionen",
  optimizer: "/xposter-evaluator",
  pricing: "/preise",
  faq: "/faq",
  contact: "/kontakt",
  auth: "/auth",
  authCallback: "/auth/callback",
  // ADR 0041: the code step of a sign-in with two-factor sign-in switched on.
  authTwoFactor: "/auth/zwei-faktor",
  registrationSuccess: "/auth/registration-success",
  emailConfirmSuccess: "/auth/email-confirm-success",
  // ADR 0044: recovering an account.
  forgotPassword: "/auth/passwort-vergessen",
  resetPassword: "/auth/neues-passwort",
  emailChangeObjection: "/auth/aenderung-widerrufen",
  generator: "/erstellen",
  // Spec section 2: the archive screen exists, its route is not shown (ADR 0014).
  archive: "/archiv",
  account: "/konto",
  // ADR 0053: publishing. The same paths as PLANNER_PATH and CONNECTIONS_PATH in publishing.ts,
  // which the server's mails use (routes.test.ts holds them together).
  planner: "/redaktionsplan",
  // ADR 0106: what the sent posts achieved.
  erfolg: "/erfolg",
  connections: "/konto/verbundene-konten",
  admin: "/admin",
  // ADR 0113: where Better Auth's OAuth provider sends the browser (sign-in, then consent).
  oauthSignIn: OAUTH_LOGIN_PATH,
  oauthConsent: OAUTH_CONSENT_PATH,
  privacy: "/datenschutz",
  terms: "/agb",
  imprint: "/impressum",
  about: "/ueber-uns",
  // § 312k BGB: the cancellation page every footer links to (ADR 0023).
  cancellation: "/kuendigen",
} as const;

export const PRERENDERED_PATHS = [
  ROUTES.home,
  ROUTES.features,
  ROUTES.optimizer,
  ROUTES.pricing,
  ROUTES.faq,
  ROUTES.about,
  ROUTES.contact,
  ROUTES.privacy,
  ROUTES.terms,
  ROUTES.imprint,
  ROUTES.cancellation,
] as const;

/**
 * ADR 0036: the not-found page, prerendered under a path no visitor uses; the server sends it
 * with status 404 for every path that is neither a page nor a file.
 */
export const NOT_FOUND_PRERENDER_PATH = "/__not-found";

/** Every path the app answers with a page; anything else is a 404. */
export const PAGE_PATHS: ReadonlySet<string> = new Set(Object.values(ROUTES));

// Spec section 2: the cookie dialog links to /privacy and /terms; both are the German pages.
export const ROUTE_ALIASES: Record<string, string> = {
  "/privacy": ROUTES.privacy,
  "/terms": ROUTES.terms,
};
