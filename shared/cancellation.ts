// The cancellation button of § 312k BGB (ADR 0023): every page links to /kuendigen, where a
// contract can be cancelled signed in or signed out. Constants and texts only (ADR 0021).

export const CANCELLATION_KINDS = ["ordinary", "extraordinary"] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];
export const CANCELLATION_KIND_LABELS: Record<CancellationKind, string> = {
  ordinary: "Ordentliche Kündigung",
  extraordinary: "Außerordentliche (fristlose) Kündigung",
};

/** "next_possible" or a date (yyyy-mm-dd) the customer names. */
export const NEXT_POSSIBLE_DATE = "next_possible";

export const CANCELLATION_NAME_MAX_LENGTH = 100;
/**
 * ADR 0048: the receipt repeats the name to an address anybody may type, so the name is a
 * name: words of letters joined by spaces, hyphens or apostrophes, a dot only to end a word
 * ("Dr. Anna Müller"). "bank.example", "https://…", digits and line breaks do not pass.
 */
export const CANCELLATION_NAME_PATTERN = /^\p{L}[\p{L}\p{M}]*\.?(?:[ '’-]+\p{L}[\p{L}\p{M}]*\.?)*$/u;

/** Whether `name` is one the cancellation form takes as it is (the schema also trims and counts). */
export function isCancellationName(name: string): boolean {
  return name.length >= 2 && name.length <= CANCELLATION_NAME_MAX_LENGTH && CANCELLATION_NAME_PATTERN.test(name);
}
export const CANCELLATION_REASON_MAX_LENGTH = 2000;

// § 312k Abs. 2 BGB: the button's words, on every page's footer and as the page's title. A constant
// of its own, so the footer every page loads does not carry the form's texts below.
export const CANCELLATION_BUTTON_TEXT = "Verträge hier kündigen";

export const CANCELLATION_TEXTS = {
  // § 312k Abs. 2 BGB: the confirmation button's words.
  submit: "Jetzt kündigen",
  nameInvalid: "Bitte geben Sie Ihren Namen an (mindestens 2 Zeichen).",
  nameTooLong: `Der Name darf höchstens ${CANCELLATION_NAME_MAX_LENGTH} Zeichen lang sein.`,
  nameCharacters:
    "Bitte geben Sie Ihren Namen nur mit Buchstaben, Leerzeichen, Bindestrichen, Apostrophen und Punkten an – ohne Links und ohne Zeilenumbrüche.",
  emailInvalid: "Bitte geben Sie die E-Mail-Adresse Ihres Kontos an.",
  planInvalid: "Bitte wählen Sie den Vertrag, den Sie kündigen möchten.",
  kindInvalid: "Bitte wählen Sie die Art der Kündigung.",
  dateInvalid: "Bitte wählen Sie „zum nächstmöglichen Zeitpunkt“ oder ein Datum ab heute.",
  reasonTooLong: `Der Grund darf höchstens ${CANCELLATION_REASON_MAX_LENGTH} Zeichen lang sein.`,
  receivedTitle: "Ihre Kündigung ist eingegangen",
  noRunningContract:
    "Für Ihr Konto läuft derzeit kein kostenpflichtiger Vertrag. Sie können trotzdem kündigen: Wir nehmen die Kündigung auf und bestätigen sie Ihnen per E-Mail.",
  failed: "Die Kündigung konnte nicht übermittelt werden. Bitte versuchen Sie es erneut.",
} as const;
