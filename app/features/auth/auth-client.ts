import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import { setSignedInHint } from "./signed-in-hint.ts";

// Better Auth's browser client; same origin, so no base URL is needed. The two-factor plugin
// (ADR 0041) adds authClient.twoFactor.*; the sign-in page itself handles twoFactorRedirect.
export const authClient = createAuthClient({ plugins: [twoFactorClient()] });

// Wherever the client learns the session, the signed-in hint follows it (ADR 0031), whichever
// page or component asked: the marketing pages load this client only with the hint.
// Only an answer counts: a request cut off by leaving the page also ends without a session.
type SessionState = { data: unknown; isPending: boolean; error: { status?: number } | null };
authClient.$store.atoms.session?.listen(({ data, isPending, error }: SessionState) => {
  if (isPending || (error && error.status !== 401)) return;
  setSignedInHint(Boolean(data));
});

// Better Auth answers in English; the product speaks German (ADR 0004). Unknown codes fall
// back to the server's own message, as the spec asks for sign-in and sign-up errors.
const AUTH_ERROR_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-Mail-Adresse oder Passwort ist falsch.",
  EMAIL_NOT_VERIFIED:
    "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail. Einen neuen Link können Sie unten anfordern.",
  INVALID_TOKEN: "Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
  INVALID_PASSWORD: "Das aktuelle Passwort ist falsch.",
  PASSWORD_TOO_SHORT: "Das Passwort muss mindestens 6 Zeichen lang sein.",
  PASSWORD_TOO_LONG: "Das Passwort ist zu lang.",
  INVALID_EMAIL: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    "Ihr Konto nutzt die Anmeldung mit Google und hat kein Passwort, das geändert werden könnte.",
  EMAIL_CAN_NOT_BE_UPDATED: "Die E-Mail-Adresse kann nicht geändert werden.",
  // ADR 0041: the two-factor plugin's codes.
  INVALID_CODE: TWO_FACTOR_MESSAGES.codeInvalid,
  INVALID_BACKUP_CODE: TWO_FACTOR_MESSAGES.backupCodeInvalid,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TWO_FACTOR_MESSAGES.tooManyAttempts,
  INVALID_TWO_FACTOR_COOKIE: TWO_FACTOR_MESSAGES.challengeExpired,
  TOTP_ALREADY_ENABLED: TWO_FACTOR_MESSAGES.alreadyEnabled,
  TWO_FACTOR_NOT_ENABLED: TWO_FACTOR_MESSAGES.notEnabled,
};

export function describeAuthError(error: { code?: string; message?: string } | null | undefined): string {
  if (error?.code && AUTH_ERROR_MESSAGES[error.code]) return AUTH_ERROR_MESSAGES[error.code] as string;
  return error?.message || "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.";
}
