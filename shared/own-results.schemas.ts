import { z } from "zod";
import { GENERATOR_MESSAGES, PLATFORMS } from "./generator.ts";
import { integerParamBetween } from "./integer.schemas.ts";
import { OWN_RESULTS_MESSAGES, SIMILAR_HASHTAGS_MAX, SIMILAR_LENGTH_MAX } from "./own-results.ts";

// The requests around the user's own results (ADR 0114); constants and texts in own-results.ts.

/** GET /api/generator/own-examples?platform=…: the examples a run for this network would use. */
export const OwnExamplesQuerySchema = z.object({
  platform: z.enum(PLATFORMS, { error: GENERATOR_MESSAGES.platformInvalid }),
});

/** PUT /api/generator/own-examples: the switch's position, remembered in the profile. */
export const OwnExamplesChoiceSchema = z.object({
  enabled: z.boolean({ error: "Bitte geben Sie an, ob der Schalter an oder aus ist." }),
});

/** GET /api/optimizer/own-results?length=…&hashtags=…: the draft's X length and hashtag count. */
export const SimilarPostsQuerySchema = z.object({
  length: integerParamBetween(0, SIMILAR_LENGTH_MAX, OWN_RESULTS_MESSAGES.similarInvalid),
  hashtags: integerParamBetween(0, SIMILAR_HASHTAGS_MAX, OWN_RESULTS_MESSAGES.similarInvalid),
});
