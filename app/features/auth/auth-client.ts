import { createAuthClient } from "better-auth/react";

// Better Auth's browser client; same origin, so no base URL is needed.
export const authClient = createAuthClient();

// Better Auth answers in English; the product speaks German (ADR 0004). Unknown codes fall
// back to the server's own message, as the spec asks for sign-in and sign-up errors.
const AUTH_ERROR_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-Mail-Adresse oder Passwort ist falsch.",
  EMAIL_NOT_VERIFIED:
    "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Den Link dazu haben wir Ihnen per E-Mail geschickt.",
  INVALID_PASSWORD: "Das aktuelle Passwort ist falsch.",
  PASSWORD_TOO_SHORT: "Das Passwort muss mindestens 6 Zeichen lang sein.",
  PASSWORD_TOO_LONG: "Das Passwort ist zu lang.",
  INVALID_EMAIL: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    "Ihr Konto nutzt die Anmeldung mit Google und hat kein Passwort, das geändert werden könnte.",
  EMAIL_CAN_NOT_BE_UPDATED: "Die E-Mail-Adresse kann nicht geändert werden.",
};

export function describeAuthError(error: { code?: string; message?: string } | null | undefined): string {
  if (error?.code && AUTH_ERROR_MESSAGES[error.code]) return AUTH_ERROR_MESSAGES[error.code] as string;
  return error?.message || "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.";
}
