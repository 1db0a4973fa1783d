import { z } from "zod";
import {
  ACCESS_CODE_MESSAGES,
  GENERATOR_MESSAGES,
  IMAGE_MAX_BYTES,
  IMAGE_MEDIA_TYPES,
  KEY_POINTS_MAX_LENGTH,
  LANGUAGES,
  PLATFORMS,
  POST_FORMATS,
  POSTS_PER_GENERATION,
  THREAD_FORMAT_PLATFORM,
  TONES,
  WEBSITE_MAX_LENGTH,
} from "./generator.ts";
import { textField } from "./text.schemas.ts";

// The post generator's requests and streamed events (/erstellen, POST /api/generator/generate;
// ADR 0012): one schema for the form and the route, and the answer's events typed
// here too, so the browser parses exactly what the server sends. Constants and texts live in
// generator.ts (ADR 0021).

export const UnlockGeneratorSchema = z.object({
  code: textField(ACCESS_CODE_MESSAGES.blank)
    .trim()
    .min(1, ACCESS_CODE_MESSAGES.blank)
    .max(200, ACCESS_CODE_MESSAGES.wrongTitle),
});
export type UnlockGeneratorInput = z.infer<typeof UnlockGeneratorSchema>;

const IMAGE_DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decoded size of a base64 payload without decoding it. */
function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The media types the form accepts; "image/jpg", which some browsers say, counts as JPEG. */
export function isAcceptedImageMediaType(mediaType: string): boolean {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType.replace("image/jpg", "image/jpeg"));
}

export function parseImageDataUrl(value: string): { mediaType: string; base64: string } | null {
  const match = IMAGE_DATA_URL.exec(value);
  if (!match?.[1] || match[2] === undefined) return null;
  return { mediaType: match[1], base64: match[2] };
}

// A data URL that is no string is answered like one of another type (ADR 0080: in German; the
// spec's image-conversion message, imageUnreadable, is the browser's, when it cannot read the file).
const imageDataField = z.string({ error: GENERATOR_MESSAGES.imageType }).superRefine((value, context) => {
  const parsed = parseImageDataUrl(value);
  if (!parsed) {
    context.addIssue({ code: "custom", message: GENERATOR_MESSAGES.imageType });
    return;
  }
  if (!isAcceptedImageMediaType(parsed.mediaType)) {
    context.addIssue({ code: "custom", message: GENERATOR_MESSAGES.imageType });
    return;
  }
  if (base64DecodedLength(parsed.base64) > IMAGE_MAX_BYTES) {
    context.addIssue({ code: "custom", message: GENERATOR_MESSAGES.imageTooLarge });
  }
});

const websiteField = textField(GENERATOR_MESSAGES.websiteInvalid, GENERATOR_MESSAGES.websiteInvalid)
  .trim()
  .max(WEBSITE_MAX_LENGTH, { error: GENERATOR_MESSAGES.websiteInvalid })
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url({ protocol: /^https?$/, error: GENERATOR_MESSAGES.websiteInvalid }).optional());

// Spec section 3 "Generation request".
export const GenerateRequestSchema = z.object({
  platform: z.enum(PLATFORMS, { error: GENERATOR_MESSAGES.platformInvalid }),
  keyPoints: textField(GENERATOR_MESSAGES.keyPointsBlank)
    .trim()
    .min(1, { error: GENERATOR_MESSAGES.keyPointsBlank })
    .max(KEY_POINTS_MAX_LENGTH, { error: GENERATOR_MESSAGES.keyPointsTooLong }),
  tone: z.enum(TONES, { error: GENERATOR_MESSAGES.toneInvalid }),
  language: z.enum(LANGUAGES, { error: GENERATOR_MESSAGES.languageInvalid }),
  imageData: imageDataField.nullish().transform((value) => value ?? null),
  website: websiteField.nullish().transform((value) => value ?? undefined),
  // ADR 0065: absent means today's single posts, so older clients keep working.
  format: z.enum(POST_FORMATS, { error: GENERATOR_MESSAGES.formatInvalid }).default("post"),
  // ADR 0114: the user's best posts as examples in the prompt, only when asked; absent means no.
  useOwnExamples: z.boolean({ error: GENERATOR_MESSAGES.ownExamplesInvalid }).default(false).meta({
    description:
      "true: bis zu drei eigene gesendete Beiträge mit der besten Interaktionsrate gehen als Stilbeispiele an die KI (ab drei Beiträgen mit Kennzahlen, sonst 409).",
  }),
});
export type GenerateRequest = z.output<typeof GenerateRequestSchema>;

/**
 * ADR 0065: a thread only for X. Kept apart from the object schema, which the form and the
 * route still extend or narrow (zod refuses that on a refined object); both add this check.
 */
export function refuseThreadOffX(request: { platform: string; format?: string }, context: z.RefinementCtx) {
  if (request.format === "thread" && request.platform !== THREAD_FORMAT_PLATFORM)
    context.addIssue({ code: "custom", path: ["format"], message: GENERATOR_MESSAGES.threadOnlyForX });
}

// The streamed answer (ADR 0012): server-sent events, one JSON object per `data:` line, the
// event name equal to `type`. `start` comes once, then any number of `progress` snapshots
// (every post so far, the last one possibly unfinished), then exactly one `done` or `error`.
// ADR 0065: in a thread run `posts` holds each thread as one text (joinThread) and `threads`
// the same split into its posts; a single-post run has no `threads`.
const threadsField = z.array(z.array(z.string()));

/** The run's result: the stream's last event, and the public API's answer without `type` (ADR 0107). */
export const GenerationDoneSchema = z.object({
  type: z.literal("done"),
  posts: z.array(z.string()).length(POSTS_PER_GENERATION),
  threads: threadsField.length(POSTS_PER_GENERATION).optional(),
  archiveId: z.string(),
  creditsRemaining: z.number().int().nullable(),
  demo: z.boolean(),
});

export const GenerationEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    /** Credits after the charge; null for subscribers, who are never charged. */
    creditsRemaining: z.number().int().nullable(),
    demo: z.boolean(),
  }),
  z.object({ type: z.literal("progress"), posts: z.array(z.string()), threads: threadsField.optional() }),
  GenerationDoneSchema,
  z.object({
    type: z.literal("error"),
    message: z.string(),
    /** Credits after the refund, so the badge is right at once; null for subscribers. */
    creditsRemaining: z.number().int().nullable(),
  }),
]);
export type GenerationEvent = z.infer<typeof GenerationEventSchema>;
