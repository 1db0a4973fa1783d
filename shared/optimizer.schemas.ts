import { z } from "zod";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES, OPTIMIZER_TEXT_MAX_LENGTH } from "./optimizer.ts";
import { textField } from "./text.schemas.ts";

// Requests of the X-post optimizer's API (/api/optimizer, ADR 0007). Response types are
// inferred from the routes (hc<AppType>); constants and texts live in optimizer.ts (ADR 0021).

const postTextField = (blankMessage: string) =>
  textField(blankMessage)
    .max(OPTIMIZER_TEXT_MAX_LENGTH, { error: OPTIMIZER_ERRORS.textTooLong })
    .refine((text) => text.trim() !== "", { error: blankMessage });

export const CorrectGrammarSchema = z.object({ postText: postTextField(OPTIMIZER_MESSAGES.grammarBlank) });

export const ImprovePostSchema = z.object({ postText: postTextField(OPTIMIZER_MESSAGES.improveBlank) });

// Blank text is no error here: it simply has no spelling issues.
export const SpellingCheckSchema = z.object({
  text: textField(OPTIMIZER_ERRORS.spellingBlank).max(OPTIMIZER_TEXT_MAX_LENGTH, {
    error: OPTIMIZER_ERRORS.textTooLong,
  }),
});
