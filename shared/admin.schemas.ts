import { z } from "zod";
import { ADMIN_MESSAGES, ADMIN_PAGE_MAX, ADMIN_SEARCH_MAX_LENGTH, CREDITS_MAX, RESPONSE_MAX_LENGTH } from "./admin.ts";
import { PLANS } from "./billing.ts";
import { CONTACT_SPAM_FILTERS } from "./contact.ts";
import { integerBetween, integerParamBetween } from "./integer.schemas.ts";
import { INT4_MAX } from "./integer.ts";
import { textField } from "./text.schemas.ts";

// Requests of the admin's message and user panels (ADR 0024). The prompt, token and site
// settings panels keep theirs beside their features.

/**
 * Spec "send-contact-response": the answer and who signs it. The recipient is the message's
 * sender, read on the server, so the dashboard cannot mail an arbitrary address (ADR 0024).
 */
export const ContactResponseSchema = z.object({
  responseText: textField(ADMIN_MESSAGES.responseEmpty)
    .trim()
    .min(1, { error: ADMIN_MESSAGES.responseEmpty })
    .max(RESPONSE_MAX_LENGTH, { error: ADMIN_MESSAGES.invalidInput }),
  senderName: textField(ADMIN_MESSAGES.invalidInput).trim().max(100, { error: ADMIN_MESSAGES.invalidInput }).optional(),
});
export type ContactResponseInput = z.input<typeof ContactResponseSchema>;

/** ADR 0081: the contact messages, all of them (no filter) or with or without a suspicion of spam. */
export const ContactMessageListSchema = z.object({
  spam: z.enum(CONTACT_SPAM_FILTERS, { error: ADMIN_MESSAGES.invalidInput }).optional(),
});

export const UserSearchSchema = z.object({
  q: textField(ADMIN_MESSAGES.searchInvalid)
    .trim()
    .max(ADMIN_SEARCH_MAX_LENGTH, { error: ADMIN_MESSAGES.searchInvalid })
    .default(""),
  page: integerParamBetween(1, ADMIN_PAGE_MAX, ADMIN_MESSAGES.pageInvalid).default(1),
});

/**
 * Spec section 5: credits are an integer (the form falls back to 0). ADR 0024: the value the
 * admin saw travels along, so a change by someone else in between is not overwritten.
 */
export const CreditsUpdateSchema = z.object({
  credits: integerBetween(0, CREDITS_MAX, ADMIN_MESSAGES.creditsInvalid),
  // Compared with the integer column, so bounded by it (a credit count never exceeds it).
  expectedCredits: integerBetween(0, INT4_MAX, ADMIN_MESSAGES.expectedCreditsInvalid),
});

/** "Plan von Hand vergeben/entziehen" (README, ADR 0007, ADR 0024). */
export const PlanGrantSchema = z.object({
  plan: z.enum(PLANS, { error: ADMIN_MESSAGES.invalidInput }),
  granted: z.boolean({ error: ADMIN_MESSAGES.invalidInput }),
});
