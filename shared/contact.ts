// The contact form's constants and texts (/kontakt; spec sections 5, 8 and 9; ADR 0011). No
// imports (ADR 0021); contact.schemas.ts builds the form's and the route's schema from them.

// Spec section 9.
export const CONTACT_NAME_MIN_LENGTH = 2;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
// Beyond the spec: enough for any real request, small enough that nobody stores a novel.
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

// ADR 0011: a person needs longer than this to fill in three fields; a script does not. Since
// ADR 0081 a faster message is kept all the same, under suspicion (autofill and paste are fast).
export const CONTACT_MIN_FILL_MS = 3000;

/** ADR 0081: why a stored message is suspected spam; the admin sees it beside the message. */
export const CONTACT_SPAM_SUSPICIONS = ["honeypot", "too-fast"] as const;
export type ContactSpamSuspicion = (typeof CONTACT_SPAM_SUSPICIONS)[number];

/** The admin's words for each suspicion (ADR 0081), in "Sie" like the rest of our admin texts. */
export const CONTACT_SPAM_TEXTS = {
  badge: "Spamverdacht",
  reasons: {
    honeypot: "Das versteckte Feld gegen Spam war ausgefüllt (Bot oder Autofill eines Passwortmanagers).",
    "too-fast": `In weniger als ${CONTACT_MIN_FILL_MS / 1000} Sekunden abgeschickt (Skript, Autofill oder eingefügter Text).`,
  } satisfies Record<ContactSpamSuspicion, string>,
  filterLabel: "Anzeigen",
  filters: { all: "Alle Anfragen", exclude: "Ohne Spamverdacht", only: "Nur Spamverdacht" },
  emptyExclude: "Keine Anfragen ohne Spamverdacht.",
  emptyOnly: "Keine Anfragen unter Spamverdacht.",
} as const;

/** The admin's list filter (ADR 0081); without one the list shows every message. */
export const CONTACT_SPAM_FILTERS = ["all", "exclude", "only"] as const;
export type ContactSpamFilter = (typeof CONTACT_SPAM_FILTERS)[number];

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
