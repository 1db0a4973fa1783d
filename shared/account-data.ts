// Taking one's data along and leaving (GDPR Art. 15, 17, 20; ADR 0026): the texts of
// /konto's export and deletion. No imports (ADR 0021).

export const ACCOUNT_DATA_TEXTS = {
  exportTooOften: "Sie haben Ihre Daten gerade mehrfach exportiert. Bitte versuchen Sie es in einer Stunde erneut.",
  exportFailed: "Ihre Daten konnten nicht exportiert werden. Bitte versuchen Sie es erneut.",
  // ADR 0050: DATA_EXPORTS_PER_SERVER exports at once; the next waits a moment.
  exportBusy: "Gerade werden viele Daten exportiert. Bitte versuchen Sie es in einer Minute erneut.",
  deletePasswordRequired: "Bitte geben Sie Ihr Passwort ein, um Ihr Konto zu löschen.",
  deleteReauthRequired:
    "Bitte melden Sie sich zur Bestätigung erneut mit Google an und löschen Sie Ihr Konto danach innerhalb von 10 Minuten.",
  deleteLastAdmin:
    "Sie sind der letzte Administrator. Bitte ernennen Sie zuerst einen weiteren Administrator, bevor Sie Ihr Konto löschen.",
  deleteFailed:
    "Ihr Konto konnte nicht vollständig gelöscht werden. Bitte versuchen Sie es erneut; bereits Gelöschtes bleibt gelöscht.",
  deleted: "Ihr Konto wurde gelöscht.",
} as const;

/**
 * A refused export download comes back to /konto with `?datenexport=zu-oft` (rate limit),
 * `?datenexport=ausgelastet` (too many exports at once) or `?datenexport=fehler`, so the page can
 * say why (data-export.routes.ts).
 */
export const DATA_EXPORT_REFUSED_PARAM = "datenexport";
export const DATA_EXPORT_TOO_OFTEN = "zu-oft";
export const DATA_EXPORT_BUSY = "ausgelastet";
export const DATA_EXPORT_FAILED = "fehler";

/** ADR 0026: without a password, a sign-in this recent stands in for re-entering it. */
export const DELETE_REAUTH_MAX_AGE_MINUTES = 10;
