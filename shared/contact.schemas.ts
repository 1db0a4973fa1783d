import { z } from "zod";
import { textField } from "./text-field.ts";

// The contact form (/kontakt, POST /api/contact; issue 5). One schema for the form and the
// route, so the browser and the server refuse the same input with the same words.

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
  nameTooShort: "Name muss mindestens 2 Zeichen lang sein.",
  nameTooLong: `Name darf höchstens ${CONTACT_NAME_MAX_LENGTH} Zeichen lang sein.`,
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  messageTooShort: "Nachricht muss mindestens 10 Zeichen lang sein.",
  messageTooLong: `Nachricht darf höchstens ${CONTACT_MESSAGE_MAX_LENGTH} Zeichen lang sein.`,
  sent: "Vielen Dank! Ihre Nachricht wurde erfolgreich gesendet.",
  failed: "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.",
} as const;

// What the visitor types. Spaces around a value do not count towards a minimum.
export const ContactFormSchema = z.object({
  name: textField(CONTACT_TEXTS.nameTooShort)
    .trim()
    .min(CONTACT_NAME_MIN_LENGTH, { error: CONTACT_TEXTS.nameTooShort })
    .max(CONTACT_NAME_MAX_LENGTH, { error: CONTACT_TEXTS.nameTooLong }),
  email: textField(CONTACT_TEXTS.invalidEmail)
    .trim()
    .max(CONTACT_EMAIL_MAX_LENGTH, { error: CONTACT_TEXTS.invalidEmail })
    .pipe(z.email({ error: CONTACT_TEXTS.invalidEmail })),
  message: textField(CONTACT_TEXTS.messageTooShort)
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, { error: CONTACT_TEXTS.messageTooShort })
    .max(CONTACT_MESSAGE_MAX_LENGTH, { error: CONTACT_TEXTS.messageTooLong }),
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;

// What the form sends: the fields plus the spam guard (ADR 0011). Both guard fields are
// lenient on purpose: a bot that leaves them out or gets them wrong gets the same answer
// as a person, never a validation message that tells it what we check.
export const ContactRequestSchema = ContactFormSchema.extend({
  /** The honeypot: hidden from people and screen readers, so only bots fill it. */
  website: z.unknown().optional(),
  /** Milliseconds between the form appearing and its submission, measured by the browser. */
  fillDurationMs: z.unknown().optional(),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;
