// The admin dashboard's constants and texts (spec sections 2, 5, 8 and 9; ADR 0024).
// No imports (ADR 0021); admin.schemas.ts builds the requests from them. The spec's toasts are
// English in the original; here German in "Sie" like our own texts (ADR 0100 lists each one).

// Spec section 9.
export const ADMIN_USER_LIST_HEIGHT_PX = 300;
export const NEW_TOKEN_CONFIGURATION_MAX_TOKENS = 1000;

/** Beyond the spec: the most output tokens any supported provider's models accept today. */
export const MAX_TOKENS_LIMIT = 64_000;
/** Users per page of the admin's user list. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX_LENGTH = 254;
/** The last page of the user list one may ask for (5 million users at 50 a page). */
export const ADMIN_PAGE_MAX = 100_000;
/** ADR 0024: a plan granted by hand runs this long; granting again starts it afresh. */
export const MANUAL_GRANT_DAYS = 30;
/** The newest audit entries the dashboard shows. */
export const AUDIT_LIST_LIMIT = 50;
export const CREDITS_MAX = 1_000_000;
export const RESPONSE_MAX_LENGTH = 10_000;

// Spec section 8 "Admin", translated (ADR 0100).
export const ADMIN_TEXTS = {
  creditsFailed: "Die Credits konnten nicht aktualisiert werden.",
  promptUpdated: "Die Prompt-Konfiguration wurde gespeichert.",
  promptCreated: "Die Prompt-Konfiguration wurde angelegt.",
  promptDeleted: "Die Prompt-Konfiguration wurde gelöscht.",
  promptUpdateFailed: "Die Prompt-Konfiguration konnte nicht gespeichert werden.",
  promptCreateFailed: "Die Prompt-Konfiguration konnte nicht angelegt werden.",
  promptDeleteFailed: "Die Prompt-Konfiguration konnte nicht gelöscht werden.",
  tokenUpdated: "Die Token-Konfiguration wurde gespeichert.",
  tokenCreated: "Die Token-Konfiguration wurde angelegt.",
  tokenDeleted: "Die Token-Konfiguration wurde gelöscht.",
  tokenUpdateFailed: "Die Token-Konfiguration konnte nicht gespeichert werden.",
  tokenCreateFailed: "Die Token-Konfiguration konnte nicht angelegt werden.",
  tokenDeleteFailed: "Die Token-Konfiguration konnte nicht gelöscht werden.",
  siteSettingsUpdated: "Die Seiteneinstellungen wurden gespeichert.",
  siteSettingsFailed: "Die Seiteneinstellungen konnten nicht gespeichert werden.",
  statusFailed: "Der Status der Nachricht konnte nicht geändert werden.",
  responseFailed: "Die Antwort konnte nicht gesendet werden.",
  responseEmpty: "Bitte geben Sie eine Antwort ein.",
  messagesFailed: "Fehler beim Laden der Nachrichten",
  tryAgain: "Erneut versuchen",
  noMessages: "Noch keine Nachrichten",
} as const;

// Our own words, in "Sie".
export const ADMIN_MESSAGES = {
  notAdmin: "Dieser Bereich ist Administratoren vorbehalten.",
  invalidInput: "Die Eingabe ist ungültig. Bitte prüfen Sie die Felder.",
  notFound: "Der Eintrag wurde nicht gefunden. Bitte laden Sie die Liste neu.",
  /** ADR 0024: another admin saved first. */
  changedMeanwhile:
    "Der Eintrag wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und prüfen Sie die Änderung.",
  creditsInvalid: `Bitte geben Sie eine ganze Zahl von 0 bis ${CREDITS_MAX.toLocaleString("de-DE")} ein.`,
  searchInvalid: "Bitte geben Sie einen kürzeren Suchbegriff ein.",
  pageInvalid: `Die Seite muss eine ganze Zahl von 1 bis ${ADMIN_PAGE_MAX.toLocaleString("de-DE")} sein.`,
  /** The credits the dashboard last saw travel along (ADR 0024); a bad value means a stale or tampered page. */
  expectedCreditsInvalid: "Der angezeigte Credit-Stand ist ungültig. Bitte laden Sie die Liste neu.",
  planGranted: "Plan vergeben.",
  planRevoked: "Plan entzogen.",
  planFailed: "Der Plan konnte nicht geändert werden.",
  planFromStripe:
    "Dieser Plan wurde über Stripe gebucht und läuft dort. Kündigen oder erstatten Sie ihn im Stripe-Dashboard.",
  planNotRunning: "Dieser Plan läuft für das Konto nicht.",
  /** ADR 0080: the server's answer to a blank reply; the dashboard's own check shows the spec's toast. */
  responseEmpty: "Bitte schreiben Sie eine Antwort.",
} as const;

/** What an audit entry records (ADR 0024). */
export const AUDIT_ACTIONS = {
  "credits.update": "Credits geändert",
  "plan.grant": "Plan von Hand vergeben",
  "plan.revoke": "Plan von Hand entzogen",
  "message.reply": "Kontaktanfrage beantwortet",
  "prompt.create": "Prompt-Konfiguration angelegt",
  "prompt.update": "Prompt-Konfiguration geändert",
  "prompt.delete": "Prompt-Konfiguration gelöscht",
  "token.create": "Token-Konfiguration angelegt",
  "token.update": "Token-Konfiguration geändert",
  "token.delete": "Token-Konfiguration gelöscht",
  "site_settings.update": "Seiteneinstellungen geändert",
  "publishing_caps.update": "Veröffentlichungs-Kontingente geändert",
  "metric_read_caps.update": "Kennzahlen-Lesegrenzen geändert",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
