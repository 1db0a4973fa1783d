import { z } from "zod";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_NAME_MIN_LENGTH,
  CONTACT_TEXTS,
} from "./contact.ts";
import { textField } from "./text.schemas.ts";

// The contact form (/kontakt, POST /api/contact; ADR 0011). One schema for the form and the
// route, so the browser and the server refuse the same input with the same words.

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
