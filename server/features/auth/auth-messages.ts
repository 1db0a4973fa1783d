import { NOT_FOUND_MESSAGE } from "#server/api-error.ts";
import type { Auth } from "#server/auth.ts";
import { ORIGIN_REFUSED_MESSAGE } from "#server/security.ts";
import { NOT_SIGNED_IN_MESSAGE } from "#server/session.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { RECOVERY_TEXTS } from "#shared/account-security.ts";
import { PASSKEY_ERROR_CODES } from "#shared/passkeys.ts";
import { TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";

// ADR 0080: Better Auth answers in English; every answer under /api/auth reaches the browser in
// German, with Better Auth's code unchanged (auth.routes.ts rewrites the body's `message`).

/** Every code of Better Auth's own tables in our configuration: its core and the plugins we use. */
type BetterAuthErrorCode = keyof Auth["$ERROR_CODES"];

const INPUT_INVALID = "Die Angaben sind unvollständig oder ungültig. Bitte prüfen Sie Ihre Eingaben.";
const REDIRECT_REFUSED =
  "Diese Weiterleitungsadresse ist nicht erlaubt. Bitte starten Sie den Vorgang auf unserer Seite neu.";
const SIGN_IN_AGAIN = "Bitte melden Sie sich zur Bestätigung erneut an und versuchen Sie es dann noch einmal.";
const PROVIDER_UNAVAILABLE =
  "Die Anmeldung über diesen Anbieter ist gerade nicht möglich. Bitte versuchen Sie es später erneut.";
const PROVIDER_CANNOT = "Diese Anmeldemethode unterstützt das nicht.";
const PROVIDER_ACCESS_MISSING =
  "Für diese Anmeldemethode liegt kein gültiger Zugang vor. Bitte melden Sie sich erneut an.";
const LINKING_FAILED = "Das Konto des Anbieters konnte nicht mit Ihrem Konto verknüpft werden.";
const NOT_OFFERED = "Diese Funktion bietet Postwerk nicht an.";
const TRY_AGAIN = "Das hat gerade nicht geklappt. Bitte versuchen Sie es erneut.";

/**
 * Better Auth's codes in its core and the two-factor plugin, each with its German sentence. A Better Auth update that adds a code does not compile until it has one here.
 */
const CODE_TABLE_MESSAGES = {
  // Core (@better-auth/core BASE_ERROR_CODES)
  USER_NOT_FOUND: "Dieses Konto wurde nicht gefunden.",
  FAILED_TO_CREATE_USER: "Das Konto konnte nicht angelegt werden. Bitte versuchen Sie es erneut.",
  FAILED_TO_CREATE_SESSION: "Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.",
  FAILED_TO_UPDATE_USER: "Ihre Angaben konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.",
  FAILED_TO_GET_SESSION: "Ihre Anmeldung konnte nicht gelesen werden. Bitte melden Sie sich erneut an.",
  INVALID_PASSWORD: "Das aktuelle Passwort ist falsch.",
  INVALID_EMAIL: ACCOUNT_MESSAGES.emailInvalid,
  INVALID_EMAIL_OR_PASSWORD: "E-Mail-Adresse oder Passwort ist falsch.",
  INVALID_USER: "Dieses Konto ist ungültig.",
  SOCIAL_ACCOUNT_ALREADY_LINKED: "Dieses Konto des Anbieters ist bereits mit einem anderen Konto verknüpft.",
  PROVIDER_NOT_FOUND: "Diese Anmeldemethode gibt es nicht.",
  INVALID_TOKEN: "Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
  TOKEN_EXPIRED: "Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen an.",
  ID_TOKEN_NOT_SUPPORTED: PROVIDER_CANNOT,
  FAILED_TO_GET_USER_INFO: "Ihre Angaben konnten beim Anbieter nicht abgerufen werden. Bitte versuchen Sie es erneut.",
  USER_EMAIL_NOT_FOUND: "Der Anbieter hat keine E-Mail-Adresse übermittelt.",
  EMAIL_NOT_VERIFIED:
    "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail. Einen neuen Link können Sie unten anfordern.",
  PASSWORD_TOO_SHORT: ACCOUNT_MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: "Das Passwort ist zu lang.",
  USER_ALREADY_EXISTS: "Zu dieser E-Mail-Adresse gibt es bereits ein Konto.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    "Zu dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte verwenden Sie eine andere Adresse.",
  EMAIL_CAN_NOT_BE_UPDATED: "Die E-Mail-Adresse kann nicht geändert werden.",
  CHANGE_EMAIL_DISABLED: "Die E-Mail-Adresse kann nicht geändert werden.",
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    "Ihr Konto nutzt die Anmeldung mit Google und hat kein Passwort, das geändert werden könnte.",
  SESSION_EXPIRED: SIGN_IN_AGAIN,
  FAILED_TO_UNLINK_LAST_ACCOUNT: "Die letzte Anmeldemethode Ihres Kontos lässt sich nicht entfernen.",
  ACCOUNT_NOT_FOUND: "Diese Anmeldemethode ist mit Ihrem Konto nicht verknüpft.",
  USER_ALREADY_HAS_PASSWORD: "Ihr Konto hat ein Passwort. Bitte geben Sie es ein, um das Konto zu löschen.",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: ORIGIN_REFUSED_MESSAGE,
  VERIFICATION_EMAIL_NOT_ENABLED: NOT_OFFERED,
  EMAIL_ALREADY_VERIFIED: "Diese E-Mail-Adresse ist bereits bestätigt.",
  EMAIL_MISMATCH: "Die E-Mail-Adresse passt nicht zu diesem Konto.",
  SESSION_NOT_FRESH: SIGN_IN_AGAIN,
  LINKED_ACCOUNT_ALREADY_EXISTS: "Diese Anmeldemethode ist bereits mit Ihrem Konto verknüpft.",
  INVALID_ORIGIN: ORIGIN_REFUSED_MESSAGE,
  INVALID_CALLBACK_URL: REDIRECT_REFUSED,
  INVALID_REDIRECT_URL: REDIRECT_REFUSED,
  INVALID_ERROR_CALLBACK_URL: REDIRECT_REFUSED,
  INVALID_NEW_USER_CALLBACK_URL: REDIRECT_REFUSED,
  MISSING_OR_NULL_ORIGIN: ORIGIN_REFUSED_MESSAGE,
  CALLBACK_URL_REQUIRED: "Es fehlt die Adresse, zu der nach dem Vorgang weitergeleitet wird.",
  FAILED_TO_CREATE_VERIFICATION: "Der Bestätigungslink konnte nicht erstellt werden. Bitte versuchen Sie es erneut.",
  FIELD_NOT_ALLOWED: "Diese Angabe lässt sich nicht ändern.",
  ASYNC_VALIDATION_NOT_SUPPORTED: INPUT_INVALID,
  VALIDATION_ERROR: INPUT_INVALID,
  MISSING_FIELD: INPUT_INVALID,
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: "Diese Anfrage ist hier nicht möglich.",
  BODY_MUST_BE_AN_OBJECT: INPUT_INVALID,
  PASSWORD_ALREADY_SET: "Ihr Konto hat bereits ein Passwort.",
  // Two-factor plugin (ADR 0041); codes by e-mail are not offered.
  OTP_NOT_ENABLED: NOT_OFFERED,
  OTP_NOT_CONFIGURED: NOT_OFFERED,
  OTP_HAS_EXPIRED: TWO_FACTOR_MESSAGES.challengeExpired,
  TOTP_NOT_ENABLED: TWO_FACTOR_MESSAGES.notEnabled,
  TOTP_ALREADY_ENABLED: TWO_FACTOR_MESSAGES.alreadyEnabled,
  TOTP_NOT_CONFIGURED: TWO_FACTOR_MESSAGES.notEnabled,
  TWO_FACTOR_NOT_ENABLED: TWO_FACTOR_MESSAGES.notEnabled,
  BACKUP_CODES_NOT_ENABLED: "Für Ihr Konto gibt es keine Backup-Codes.",
  INVALID_BACKUP_CODE: TWO_FACTOR_MESSAGES.backupCodeInvalid,
  INVALID_CODE: TWO_FACTOR_MESSAGES.codeInvalid,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TWO_FACTOR_MESSAGES.tooManyAttempts,
  ACCOUNT_TEMPORARILY_LOCKED: TWO_FACTOR_MESSAGES.accountLocked,
  INVALID_TWO_FACTOR_COOKIE: TWO_FACTOR_MESSAGES.challengeExpired,
} as const satisfies Record<BetterAuthErrorCode, string>;

/**
 * Codes Better Auth's endpoints (and better-call beneath them) write out inline, outside its
 * tables; found in its source (node_modules/better-auth/dist, `code: "…"`). A code not here
 * gets the general sentence for its status, never Better Auth's English.
 */
const INLINE_CODE_MESSAGES = {
  UNAUTHORIZED: NOT_SIGNED_IN_MESSAGE,
  USER_ID_OR_SESSION_REQUIRED: NOT_SIGNED_IN_MESSAGE,
  NOT_FOUND: NOT_FOUND_MESSAGE,
  BAD_REQUEST: "Die Anfrage konnte nicht gelesen werden. Bitte laden Sie die Seite neu.",
  UNSUPPORTED_MEDIA_TYPE: "Die Anfrage konnte nicht gelesen werden. Bitte laden Sie die Seite neu.",
  EMAIL_PASSWORD_DISABLED: NOT_OFFERED,
  EMAIL_PASSWORD_SIGN_UP_DISABLED: NOT_OFFERED,
  RESET_PASSWORD_DISABLED: NOT_OFFERED,
  OAUTH_LINK_ERROR: LINKING_FAILED,
  LINKING_NOT_ALLOWED: LINKING_FAILED,
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED:
    "Das Konto des Anbieters nutzt eine andere E-Mail-Adresse und lässt sich nicht mit Ihrem Konto verknüpfen.",
  LINKING_FAILED,
  PROVIDER_NOT_SUPPORTED: PROVIDER_CANNOT,
  PROVIDER_NOT_CONFIGURED: PROVIDER_CANNOT,
  TOKEN_REFRESH_NOT_SUPPORTED: PROVIDER_CANNOT,
  REFRESH_TOKEN_NOT_FOUND: PROVIDER_ACCESS_MISSING,
  ACCESS_TOKEN_NOT_FOUND: PROVIDER_ACCESS_MISSING,
  FAILED_TO_GET_ACCESS_TOKEN: PROVIDER_ACCESS_MISSING,
  FAILED_TO_REFRESH_ACCESS_TOKEN: PROVIDER_ACCESS_MISSING,
  // The generic OAuth plugin's table (Google, ADR 0003); the plugin is registered only where Google
  // is configured, so the type of CODE_TABLE_MESSAGES does not know its codes.
  INVALID_OAUTH_CONFIGURATION: PROVIDER_UNAVAILABLE,
  TOKEN_URL_NOT_FOUND: PROVIDER_UNAVAILABLE,
} as const;

/** Every code Better Auth can answer with, and its German sentence. */
export const BETTER_AUTH_MESSAGES: Readonly<Record<string, string>> = {
  ...CODE_TABLE_MESSAGES,
  ...INLINE_CODE_MESSAGES,
};

/**
 * The codes of our own refusals under /api/auth, thrown in German by our hooks (server/auth.ts,
 * auth-input.ts, two-factor.ts, account-security.hooks.ts) and by auth.routes.ts itself: their
 * message passes as it is.
 */
const OWN_CODES = new Set<string>([
  "INVALID_INPUT",
  "REAUTH_REQUIRED",
  "LAST_ADMIN",
  "PASSWORD_REQUIRED",
  "TWO_FACTOR_CODE_REQUIRED",
  "ACCOUNT_THROTTLED",
  "TOO_MANY_MAILS",
  "TOO_MANY_REQUESTS",
  "SERVER_ERROR",
  ...PASSKEY_ERROR_CODES,
]);

// An answer without a code, or with one found nowhere above: the general sentence for its status
// and, where it has none, Better Auth's kind of code for it.
const BY_STATUS: Record<number, { code: string; message: string }> = {
  400: { code: "INVALID_INPUT", message: INPUT_INVALID },
  401: { code: "UNAUTHORIZED", message: NOT_SIGNED_IN_MESSAGE },
  403: { code: "FORBIDDEN", message: "Das ist mit Ihrem Konto nicht erlaubt." },
  404: { code: "NOT_FOUND", message: NOT_FOUND_MESSAGE },
};
const OTHER_STATUS = { code: "REQUEST_FAILED", message: TRY_AGAIN };

/**
 * The German `{ error, code }` for an error answer of Better Auth (ADR 0080, 0101: the shape of
 * every other error answer): its code's sentence; our own refusals as they are; anything else the
 * general sentence for its status.
 */
export function germanAuthError(
  status: number,
  body: { message?: unknown; error?: unknown; code?: unknown } | null,
): { error: string; code: string } {
  const code = typeof body?.code === "string" ? body.code : null;
  if (code && Object.hasOwn(BETTER_AUTH_MESSAGES, code)) return { error: BETTER_AUTH_MESSAGES[code] as string, code };
  // Our own refusals: thrown through Better Auth (`message`) or answered by auth.routes.ts (`error`).
  const own = typeof body?.message === "string" ? body.message : typeof body?.error === "string" ? body.error : null;
  if (code && OWN_CODES.has(code) && own) return { error: own, code };
  const general = BY_STATUS[status] ?? OTHER_STATUS;
  return { error: general.message, code: code ?? general.code };
}

// The `message` of Better Auth's successful answers that carry one, by its English text.
const SUCCESS_MESSAGES: Readonly<Record<string, string>> = {
  "User deleted": "Ihr Konto wurde gelöscht.",
  "Verification email sent": "Wir haben Ihnen eine E-Mail mit einem Bestätigungslink geschickt.",
  "If this email exists in our system, check your email for the reset link": RECOVERY_TEXTS.resetRequested,
};

/** The German `message` of a successful answer of Better Auth, or null when it has none to translate. */
export function germanAuthSuccessMessage(message: unknown): string | null {
  if (typeof message !== "string") return null;
  return Object.hasOwn(SUCCESS_MESSAGES, message) ? (SUCCESS_MESSAGES[message] as string) : null;
}
