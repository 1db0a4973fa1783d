// The contact form's constants and texts (/kontakt; spec sections 5, 8 and 9; ADR 0011). No
// imports (ADR 0021); contact.schemas.ts builds the form's and the route's schema from them.

// Spec section 9.
export const CONTACT_NAME_MIN_LENGTH = 2;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
// Beyond the spec: enough for any real request, small enough that nobody stores a novel.
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

// ADR 0011: a person needs longer than this to fill in three fields; a script does not.
export const CONTACT_MIN_FILL_MS = 3000;

// Spec sections 5 and 8, word for word; the maxima are ours.
export const CONTACT_TEXTS = {
  nameTooShort: `Name muss mindestens ${CONTACT_NAME_MIN_LENGTH} Zeichen lang sein.`,
  nameTooLong: `Name darf höchstens ${CONTACT_NAME_MAX_LENGTH} Zeichen lang sein.`,
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  messageTooShort: `Nachricht muss mindestens ${CONTACT_MESSAGE_MIN_LENGTH} Zeichen lang sein.`,
  messageTooLong: `Nachricht darf höchstens ${CONTACT_MESSAGE_MAX_LENGTH} Zeichen lang sein.`,
  sent: "Vielen Dank! Ihre Nachricht wurde erfolgreich gesendet.",
  failed: "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.",
} as const;
