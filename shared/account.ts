// Accounts: sign-up, sign-in, e-mail and password changes, and what an account may store
// (spec sections 5, 8 and 9; ADR 0004, 0020). No imports (ADR 0021). The English messages of
// the account page are the spec's own words.

export const PASSWORD_MIN_LENGTH = 6;

// Beyond the spec (issue 11): what an account may store about itself is bounded on the server,
// whatever a client sends to Better Auth's sign-up and update-user endpoints.
export const USER_NAME_MAX_LENGTH = 100;
export const USER_IMAGE_URL_MAX_LENGTH = 2048;
export const EMAIL_MAX_LENGTH = 254;

export const ACCOUNT_MESSAGES = {
  // Spec section 5 "Sign-up terms checkbox".
  termsRequired: "Bitte akzeptieren Sie die Datenschutzbedingungen",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  passwordRequired: "Bitte geben Sie Ihr Passwort ein.",
  passwordTooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  // Spec section 5 "E-mail change" and "Password change", word for word.
  changeEmailInvalid: "Invalid email address",
  changeEmailMismatch: "Emails don't match",
  newPasswordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  newPasswordMismatch: "Passwords don't match",
  // ADR 0004: the current password is asked for, so a borrowed session cannot lock the owner out.
  currentPasswordRequired: "Bitte geben Sie Ihr aktuelles Passwort ein.",
  // Spec section 8 "Generation" ("Profil nicht gefunden"); every route that reads a profile says it.
  profileNotFound: "Profil nicht gefunden",
  // Issue 11 (ADR 0020).
  nameInvalid: "Bitte geben Sie einen gültigen Namen an.",
  nameTooLong: `Der Name darf höchstens ${USER_NAME_MAX_LENGTH} Zeichen lang sein.`,
  imageInvalid: "Bitte geben Sie eine gültige Bild-Adresse an (beginnend mit http:// oder https://).",
  commonPassword:
    "Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten. Bitte wählen Sie ein anderes Passwort.",
} as const;

// Issue 15: the signed-in devices on /konto ("Angemeldete Geräte").
export const SESSION_MESSAGES = {
  revoked: "Gerät abgemeldet.",
  othersRevoked: "Alle anderen Geräte wurden abgemeldet.",
  revokeFailed: "Fehler beim Abmelden des Geräts:",
  othersRevokeFailed: "Fehler beim Abmelden der anderen Geräte:",
  loadFailed: "Ihre angemeldeten Geräte konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
} as const;
