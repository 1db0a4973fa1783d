import { z } from "zod";
import { MAX_TOKENS_LIMIT } from "./admin.ts";
import {
  CONFIGURATION_MESSAGES,
  CONFIGURATION_NAME_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
} from "./generator-configurations.ts";
import { integerBetween } from "./integer.schemas.ts";
import { textField } from "./text.schemas.ts";

// The admin's prompt and token configurations (ADR 0024). The create schemas also check the
// panel's forms (new and edit), so the browser and the route refuse the same input with the
// same German words.

const nameField = textField(CONFIGURATION_MESSAGES.nameRequired)
  .trim()
  .min(1, { error: CONFIGURATION_MESSAGES.nameRequired })
  .max(CONFIGURATION_NAME_MAX_LENGTH, { error: CONFIGURATION_MESSAGES.nameTooLong });

function promptField(required: string) {
  return textField(required)
    .trim()
    .min(1, { error: required })
    .max(PROMPT_MAX_LENGTH, { error: CONFIGURATION_MESSAGES.promptTooLong });
}

/**
 * ADR 0024: the version the admin loaded; a save against an older one is refused. It is compared
 * in SQL as a timestamptz, which has no year 0, so the year is checked here (else a 500).
 */
const versionField = z.iso
  .datetime({ error: CONFIGURATION_MESSAGES.versionMissing })
  .refine((value) => new Date(value).getUTCFullYear() >= 1, { error: CONFIGURATION_MESSAGES.versionMissing });

export const CreatePromptConfigurationSchema = z.object({
  name: nameField,
  systemPrompt: promptField(CONFIGURATION_MESSAGES.systemPromptRequired),
  userPrompt: promptField(CONFIGURATION_MESSAGES.userPromptRequired),
});
export type CreatePromptConfigurationInput = z.input<typeof CreatePromptConfigurationSchema>;

export const UpdatePromptConfigurationSchema = CreatePromptConfigurationSchema.extend({ updatedAt: versionField });
export type UpdatePromptConfigurationInput = z.input<typeof UpdatePromptConfigurationSchema>;

export const CreateTokenConfigurationSchema = z.object({
  name: nameField,
  // Spec section 5: the form parses the field as an integer, falling back to 0, which lands here.
  maxTokens: integerBetween(1, MAX_TOKENS_LIMIT, CONFIGURATION_MESSAGES.maxTokensInvalid),
});
export type CreateTokenConfigurationInput = z.input<typeof CreateTokenConfigurationSchema>;

export const UpdateTokenConfigurationSchema = CreateTokenConfigurationSchema.extend({ updatedAt: versionField });
export type UpdateTokenConfigurationInput = z.input<typeof UpdateTokenConfigurationSchema>;
