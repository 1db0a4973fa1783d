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
  registrationSuccess: "/auth/registration-success",
  emailConfirmSuccess: "/auth/email-confirm-success",
  generator: "/erstellen",
  account: "/konto",
  admin: "/admin",
  privacy: "/datenschutz",
  terms: "/agb",
  imprint: "/impressum",
} as const;

export const PRERENDERED_PATHS = [ROUTES.home, ROUTES.optimizer] as const;
