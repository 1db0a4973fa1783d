// Accounts: sign-up, sign-in, e-mail and password changes, and what an account may store
// (spec sections 5, 8 and 9; ADR 0004, 0020). No imports (ADR 0021). The English messages of
// the account page are the spec's own words.

export const PASSWORD_MIN_LENGTH = 6;

// Beyond the spec (ADR 0020): what an account may store about itself is bounded on the server,
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
  // Spec section 5 "E-mail change" and "Password change", translated (ADR 0100).
  changeEmailInvalid: "Ungültige E-Mail-Adresse",
  changeEmailMismatch: "Die E-Mail-Adressen stimmen nicht überein.",
  newPasswordTooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  newPasswordMismatch: "Die Passwörter stimmen nicht überein.",
  // ADR 0080: the server's answer to a new password that is too short (the form refuses it first).
  newPasswordTooShortAnswer: `Das neue Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  // ADR 0004: the current password is asked for, so a borrowed session cannot lock the owner out.
  currentPasswordRequired: "Bitte geben Sie Ihr aktuelles Passwort ein.",
  // Spec section 8 "Generation" ("Profil nicht gefunden"); every route that reads a profile says it.
  profileNotFound: "Profil nicht gefunden",
  // ADR 0020.
  nameInvalid: "Bitte geben Sie einen gültigen Namen an.",
  nameTooLong: `Der Name darf höchstens ${USER_NAME_MAX_LENGTH} Zeichen lang sein.`,
  imageInvalid: "Bitte geben Sie eine gültige Bild-Adresse an (beginnend mit http:// oder https://).",
  // ADR 0043: the first sentence of every refusal of a weak password; the reasons follow.
  passwordTooWeak: "Dieses Passwort ist zu leicht zu erraten.",
} as const;

// ADR 0043: why a password is too weak, in the site's "Sie" form. zxcvbn-ts gives these keys
// as its feedback (a warning and suggestions); its own German texts use the infinitive and
// are not always grammatical, so the words are ours. The keys are zxcvbn-ts's; the server
// checks at compile time that every one of them has a text.
export const PASSWORD_FEEDBACK = {
  warnings: {
    straightRow: "Tastenreihen wie „qwertz“ sind leicht zu erraten.",
    keyPattern: "Kurze Tastaturmuster sind leicht zu erraten.",
    simpleRepeat: "Wiederholte Zeichen wie „aaa“ sind leicht zu erraten.",
    extendedRepeat: "Wiederholte Zeichenfolgen wie „abcabc“ sind leicht zu erraten.",
    sequences: "Folgen wie „abc“ oder „123“ sind leicht zu erraten.",
    recentYears: "Jahreszahlen der letzten Jahre sind leicht zu erraten.",
    dates: "Ein Datum ist leicht zu erraten.",
    topTen: "Es ist eines der zehn häufigsten Passwörter.",
    topHundred: "Es ist eines der hundert häufigsten Passwörter.",
    common: "Es gehört zu den häufig verwendeten Passwörtern.",
    similarToCommon: "Es ähnelt häufig verwendeten Passwörtern.",
    wordByItself: "Ein einzelnes Wort ist leicht zu erraten.",
    namesByThemselves: "Ein einzelner Vor- oder Nachname ist leicht zu erraten.",
    commonNames: "Gängige Vor- und Nachnamen sind leicht zu erraten.",
    userInputs: "Es enthält Ihren Namen, Ihre E-Mail-Adresse oder den Namen dieser Website.",
    pwned: "Es ist durch ein Datenleck im Internet bekannt geworden.",
  },
  suggestions: {
    l33t: "Ersetzen Sie Buchstaben nicht auf vorhersehbare Weise, etwa „@“ für „a“.",
    reverseWords: "Schreiben Sie gebräuchliche Wörter nicht einfach rückwärts.",
    allUppercase: "Schreiben Sie einige, aber nicht alle Buchstaben groß.",
    capitalization: "Schreiben Sie nicht nur den ersten Buchstaben groß.",
    dates: "Verwenden Sie kein Datum, das mit Ihnen in Verbindung steht.",
    recentYears: "Verwenden Sie keine Jahreszahlen der letzten Jahre.",
    associatedYears: "Verwenden Sie keine Jahreszahlen, die mit Ihnen in Verbindung stehen.",
    sequences: "Verwenden Sie keine gängigen Zeichenfolgen.",
    repeated: "Wiederholen Sie keine Wörter und Zeichen.",
    longerKeyboardPattern: "Verwenden Sie längere Tastaturmuster mit mehreren Richtungswechseln.",
    anotherWord: "Fügen Sie weitere, weniger gebräuchliche Wörter hinzu.",
    useWords: "Verwenden Sie mehrere Wörter, aber keine bekannten Redewendungen.",
    noNeed: "Ein starkes Passwort braucht keine Sonderzeichen, Ziffern oder Großbuchstaben.",
    pwned: "Falls Sie dieses Passwort anderswo verwenden, ändern Sie es dort.",
  },
} as const;

// The signed-in devices on /konto ("Angemeldete Geräte").
export const SESSION_MESSAGES = {
  revoked: "Gerät abgemeldet.",
  othersRevoked: "Alle anderen Geräte wurden abgemeldet.",
  revokeFailed: "Fehler beim Abmelden des Geräts:",
  othersRevokeFailed: "Fehler beim Abmelden der anderen Geräte:",
  loadFailed: "Ihre angemeldeten Geräte konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
} as const;

// Spec section 8 "Auth and session": the toasts of Google sign-in, its callback and the header's
// sign-out, English in the original and German here (ADR 0100).
export const SIGN_IN_TEXTS = {
  signedIn: "Erfolgreich eingeloggt!",
  googleFailed: "Die Anmeldung mit Google ist fehlgeschlagen.",
  unexpected: "Ein unerwarteter Fehler ist aufgetreten.",
  callbackFailed: "Die Anmeldung ist fehlgeschlagen.",
  signedOut: "Sie wurden abgemeldet. Bitte melden Sie sich erneut an, damit Sie die neueste Version nutzen.",
  signOutFailed: "Fehler beim Abmelden. Bitte versuchen Sie es erneut.",
} as const;
