// Two-factor sign-in with an authenticator app (ADR 0041). No imports (ADR 0021): the server's
// plugin options, the account card and the sign-in step read the same numbers and words.

/** The issuer the authenticator app shows next to the account. */
export const TWO_FACTOR_ISSUER = "Postwerk";
/** "Dieses Gerät 30 Tage lang merken". */
export const TRUST_DEVICE_DAYS = 30;
/** Single-use codes for when the phone is not at hand. */
export const BACKUP_CODE_COUNT = 10;
/** Digits of an authenticator code (TOTP, 30-second steps). */
export const TOTP_DIGITS = 6;
/** Requests to each /api/auth/two-factor/* path per address and minute (on top of the plugin's own counters). */
export const TWO_FACTOR_RATE_LIMIT = { window: 60, max: 5 } as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App oder einen Ihrer Backup-Codes ein.",
  codeInvalid: "Der Code ist falsch oder abgelaufen. Bitte geben Sie den aktuellen Code aus Ihrer App ein.",
  backupCodeInvalid: "Dieser Backup-Code ist ungültig oder wurde bereits verwendet.",
  tooManyAttempts: "Zu viele falsche Codes. Bitte melden Sie sich erneut mit E-Mail-Adresse und Passwort an.",
  accountLocked:
    "Zu viele falsche Codes. Die Anmeldung ist für dieses Konto vorübergehend gesperrt; bitte versuchen Sie es in 15 Minuten erneut.",
  challengeExpired: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit E-Mail-Adresse und Passwort an.",
  alreadyEnabled: "Die Zwei-Faktor-Anmeldung ist bereits aktiv.",
  notEnabled: "Die Zwei-Faktor-Anmeldung ist für Ihr Konto nicht aktiv.",
  /** ADMIN_REQUIRE_2FA: an admin without a second factor. */
  adminRequired: "Der Admin-Bereich verlangt die Zwei-Faktor-Anmeldung. Bitte richten Sie sie unter „Mein Konto“ ein.",
} as const;
