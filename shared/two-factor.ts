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

/**
 * ADR 0103: backup codes in one case without characters that look alike (no 0/O, 1/I/L):
 * 23 letters and 8 digits. Ten of them give about 49.5 bits per code.
 */
export const BACKUP_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const BACKUP_CODE_LENGTH = 10;
const BACKUP_CODE_GROUP = BACKUP_CODE_LENGTH / 2;

/** Ten fresh codes, grouped "ABCDE-FGHJK", from the platform's cryptographic random source. */
export function generateBackupCodes(count: number = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => groupBackupCode(randomBackupCodeCharacters()));
}

function randomBackupCodeCharacters(): string {
  const size = BACKUP_CODE_ALPHABET.length;
  // Rejection sampling: bytes from the largest multiple of the alphabet's size up are skipped,
  // so every character is equally likely.
  const limit = 256 - (256 % size);
  let code = "";
  while (code.length < BACKUP_CODE_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(BACKUP_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < BACKUP_CODE_LENGTH) code += BACKUP_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

function groupBackupCode(characters: string): string {
  return `${characters.slice(0, BACKUP_CODE_GROUP)}-${characters.slice(BACKUP_CODE_GROUP)}`;
}

/**
 * A backup code as entered or as stored, in the one form they are compared in: upper case,
 * spaces and dashes ignored, grouped "ABCDE-FGHJK". Older codes were mixed case ("aB3dE-f6Gh1");
 * compared this way they still work, typed in any case (ADR 0103).
 */
export function normalizeBackupCode(input: string): string {
  const characters = input.replace(/[\s\-‐-―]/g, "").toUpperCase();
  return characters.length === BACKUP_CODE_LENGTH ? groupBackupCode(characters) : characters;
}

/** Whether a normalised entry has the shape of a backup code (old or new), not of an app code. */
export const BACKUP_CODE_PATTERN = /^[A-Z0-9]{5}-[A-Z0-9]{5}$/;
