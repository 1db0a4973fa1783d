// Passkeys (ADR 0102). No imports (ADR 0021): the server's plugin, /konto and /auth read the
// same numbers and words.

/** Passkeys per account: one per device or password manager, with room for a spare key. */
export const PASSKEY_LIMIT = 5;
export const PASSKEY_NAME_MAX_LENGTH = 50;
/** How long a registration or sign-in may take between the server's challenge and the answer. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Without a password, the sign-in that adds a passkey must be this recent. */
export const PASSKEY_REAUTH_MAX_AGE_MINUTES = 10;

/** A passkey as /konto lists it (never the key itself). */
export type PasskeySummary = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced through a password manager or platform account (iCloud, Google). */
  backedUp: boolean;
};

export const PASSKEY_MESSAGES = {
  nameRequired: "Bitte geben Sie dem Passkey einen Namen (z. B. „MacBook“ oder „Handy“).",
  nameTooLong: `Der Name darf höchstens ${PASSKEY_NAME_MAX_LENGTH} Zeichen lang sein.`,
  limitReached: `Sie haben bereits ${PASSKEY_LIMIT} Passkeys. Bitte entfernen Sie zuerst einen, den Sie nicht mehr nutzen.`,
  passwordRequired: "Bitte bestätigen Sie das Hinzufügen mit Ihrem Passwort.",
  reauthRequired: `Bitte melden Sie sich zur Bestätigung erneut an und fügen Sie den Passkey danach innerhalb von ${PASSKEY_REAUTH_MAX_AGE_MINUTES} Minuten hinzu.`,
  challengeExpired: "Der Vorgang ist abgelaufen. Bitte versuchen Sie es erneut.",
  registrationFailed: "Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut.",
  alreadyRegistered: "Dieser Passkey ist bereits registriert.",
  signInFailed:
    "Die Anmeldung mit diesem Passkey ist fehlgeschlagen. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.",
  unknownPasskey:
    "Diesen Passkey kennen wir nicht (mehr). Bitte melden Sie sich mit Ihrem Passwort an und fügen Sie ihn unter „Mein Account“ neu hinzu.",
  notFound: "Diesen Passkey gibt es nicht (mehr).",
  added: "Passkey hinzugefügt.",
  removed: "Passkey entfernt.",
  cancelled: "Der Vorgang wurde abgebrochen.",
  unsupported: "Dieser Browser unterstützt keine Passkeys.",
  loadFailed: "Die Passkeys konnten nicht geladen werden.",
} as const;

/** The codes of the answers above, beside Better Auth's own (server/features/auth/auth-messages.ts). */
export const PASSKEY_ERROR_CODES = [
  "PASSKEY_LIMIT",
  "PASSKEY_CHALLENGE_EXPIRED",
  "PASSKEY_INVALID",
  "PASSKEY_ALREADY_REGISTERED",
  "PASSKEY_UNKNOWN",
  "PASSKEY_NOT_FOUND",
] as const;
