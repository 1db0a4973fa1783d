// Cookie consent (spec sections 2, 3, 4 "Consent", 8, 9; ADR 0010): the categories, the
// settings and their defaults, the stored version, the validity and the texts. No zod
// here: the browser reads the stored choice on every page, and this module stays tiny.

/** Spec section 9: "Stored consent with a version other than 1 is discarded." */
export const CONSENT_VERSION = 1;

/** ADR 0010: a choice holds for 12 months, then the dialog asks again. */
export const CONSENT_VALIDITY_MONTHS = 12;

/** Spec section 9: "Consent accordion area height: 400 px". */
export const CONSENT_ACCORDION_HEIGHT_PX = 400;

/** Spec section 7 "Export". */
export const CONSENT_EXPORT_FILE_NAME = "cookie-consent-history.json";

// Spec section 2: the dialog's order of the four categories.
export const CONSENT_CATEGORIES = ["essential", "authentication", "analytics", "ai_services"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Spec section 3 "Cookie consent settings". Essential cannot be switched off (section 5). */
export type ConsentSettings = {
  essential: true;
  analytics: boolean;
  authentication: boolean;
  ai_services: boolean;
};

// Spec section 3 (defaults) and 4 ("Reject" / "Accept all").
export const DEFAULT_CONSENT_SETTINGS: ConsentSettings = {
  essential: true,
  analytics: false,
  authentication: false,
  ai_services: false,
};
export const REJECTED_CONSENT_SETTINGS: ConsentSettings = DEFAULT_CONSENT_SETTINGS;
export const ACCEPTED_CONSENT_SETTINGS: ConsentSettings = {
  essential: true,
  analytics: true,
  authentication: true,
  ai_services: true,
};

export const CONSENT_CATEGORY_TEXTS: Record<ConsentCategory, { label: string; description: string }> = {
  essential: {
    label: "Technisch notwendig",
    description: "Für Anmeldung, Sicherheit und das Speichern Ihrer Auswahl. Immer aktiv.",
  },
  authentication: {
    label: "Anmeldung mit Google",
    description: "Erlaubt die Anmeldung mit Ihrem Google-Konto.",
  },
  analytics: {
    label: "Analytics",
    description: "Anonyme Nutzungsstatistiken, mit denen wir Postwerk verbessern.",
  },
  ai_services: {
    label: "KI-Dienste",
    description: "Für die KI-Textgenerierung.",
  },
};

// Spec section 8 "Consent", word for word.
export const CONSENT_MESSAGES = {
  saveSuccessTitle: "Gespeichert",
  saveSuccess: "Ihre Cookie-Einstellungen wurden erfolgreich gespeichert.",
  saveFailedTitle: "Fehler",
  saveFailed: "Ihre Cookie-Einstellungen konnten nicht gespeichert werden.",
  exportSuccessTitle: "Erfolg",
  exportSuccess: "Cookie-Verlauf wurde erfolgreich exportiert",
  exportFailedTitle: "Fehler",
  exportFailed: "Export des Cookie-Verlaufs fehlgeschlagen",
} as const;

// ADR 0010: the end of a choice's validity, computed the same way by the server (expires_at)
// and the browser (when it asks again).
export function consentExpiresAt(givenAt: Date): Date {
  const expiresAt = new Date(givenAt);
  expiresAt.setUTCMonth(expiresAt.getUTCMonth() + CONSENT_VALIDITY_MONTHS);
  return expiresAt;
}

// ADR 0010: when a choice cannot be recorded, only what needs no proof applies: each
// optional category stays on only if it was on before and is still chosen (a withdrawal
// takes effect at once, a new consent only once it is recorded).
export function narrowConsent(previous: ConsentSettings, chosen: ConsentSettings): ConsentSettings {
  return {
    essential: true,
    analytics: previous.analytics && chosen.analytics,
    authentication: previous.authentication && chosen.authentication,
    ai_services: previous.ai_services && chosen.ai_services,
  };
}
