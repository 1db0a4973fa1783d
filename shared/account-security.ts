// Recovering and protecting an account (ADR 0044): password reset, a new confirmation mail,
// the per-account sign-in throttle and the e-mail change notice. No imports (ADR 0021).

/** How long a password reset link works; Better Auth's `resetPasswordTokenExpiresIn`. */
export const PASSWORD_RESET_LINK_HOURS = 1;

/** Mails of one kind to one address per hour (reset links, confirmation links). */
export const MAILS_PER_RECIPIENT_PER_HOUR = 3;

/** Wrong passwords per account that cost nothing; each further one doubles the wait. */
export const SIGN_IN_FREE_FAILURES = 5;
export const SIGN_IN_MAX_DELAY_MINUTES = 60;
/** A day without a failure forgets the count. */
export const SIGN_IN_FAILURE_MEMORY_HOURS = 24;

/** How long a confirmation link works, for a new account and for a new address alike. */
export const CONFIRMATION_LINK_HOURS = 24;

/** Changing the e-mail address: without a password, a sign-in this recent stands in for it. */
export const EMAIL_CHANGE_REAUTH_MAX_AGE_MINUTES = 10;
/** How long the previous address can undo an e-mail change. */
export const EMAIL_CHANGE_OBJECTION_DAYS = 14;

export const RECOVERY_TEXTS = {
  forgotPasswordLink: "Passwort vergessen?",
  resetRequested: `Wenn zu dieser Adresse ein Konto besteht, haben wir Ihnen eine E-Mail mit einem Link zum Zurücksetzen geschickt. Der Link ist ${PASSWORD_RESET_LINK_HOURS} Stunde gültig und funktioniert einmal.`,
  resetLinkInvalid:
    "Dieser Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde schon verwendet. Fordern Sie bitte einen neuen an.",
  passwordMismatch: "Die Passwörter stimmen nicht überein.",
  resetDoneSignedIn: "Ihr Passwort wurde geändert. Sie sind jetzt angemeldet; alle anderen Geräte wurden abgemeldet.",
  resetDoneSignIn: "Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.",
  resendConfirmation: "Bestätigungs-E-Mail erneut senden",
  confirmationResent:
    "Wenn zu dieser Adresse ein unbestätigtes Konto besteht, haben wir Ihnen einen neuen Bestätigungslink geschickt. Bitte sehen Sie auch im Spam-Ordner nach.",
  tooManyMails:
    "An diese Adresse haben wir in der letzten Stunde schon mehrere E-Mails geschickt. Bitte sehen Sie in Ihrem Postfach (auch im Spam-Ordner) nach oder versuchen Sie es später erneut.",
  emailChangePasswordRequired: "Bitte geben Sie Ihr aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.",
  emailChangeReauthRequired: `Bitte melden Sie sich zur Bestätigung erneut mit Google an und ändern Sie die Adresse danach innerhalb von ${EMAIL_CHANGE_REAUTH_MAX_AGE_MINUTES} Minuten.`,
  objectionDone:
    "Die Änderung wurde rückgängig gemacht: Ihr Konto nutzt wieder diese E-Mail-Adresse, alle Geräte wurden abgemeldet. Wir haben Ihnen einen Link geschickt, mit dem Sie ein neues Passwort festlegen.",
  emailChangeCancelled: "Die ausstehende Änderung wurde abgebrochen; der Link in der E-Mail gilt nicht mehr.",
  emailChangeLinkOutdated:
    "Dieser Bestätigungslink gilt nicht mehr: Die Änderung wurde abgebrochen oder durch eine neuere ersetzt.",
  emailChangeLinkExpired: "Dieser Bestätigungslink ist abgelaufen. Bitte fordern Sie die Änderung erneut an.",
  objectionInvalid: "Dieser Link ist ungültig, abgelaufen oder wurde schon verwendet.",
  objectionEmailTaken:
    "Die frühere Adresse gehört inzwischen zu einem anderen Konto. Bitte schreiben Sie uns über das Kontaktformular.",
} as const;

/** The `error` of the redirect to /konto when a change link no longer counts. */
export const EMAIL_CHANGE_LINK_OUTDATED = "EMAIL_CHANGE_LINK_OUTDATED";

/** The codes of this feature's own 429 answers, which carry their German message already. */
export const ACCOUNT_SECURITY_LIMIT_CODES = ["ACCOUNT_THROTTLED", "TOO_MANY_MAILS"] as const;

/** The 429 of the per-account throttle; `until` is formatted as HH:mm in German time. */
export function signInThrottledMessage(until: string): string {
  return `Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Bitte versuchen Sie es ab ${until} Uhr erneut oder setzen Sie Ihr Passwort über „Passwort vergessen?“ zurück.`;
}
