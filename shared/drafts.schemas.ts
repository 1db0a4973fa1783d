import { z } from "zod";
import {
  DRAFT_ACCOUNTS_MAX,
  DRAFT_ALT_MAX,
  DRAFT_ERRORS,
  DRAFT_SOURCES,
  DRAFT_TEXT_MAX,
  DRAFT_THREAD_POSTS_MAX,
  DRAFT_URL_MAX,
  type DraftContent,
} from "./drafts.ts";
import { integerBetween } from "./integer.schemas.ts";
import { NETWORK_IDS } from "./networks.ts";
import { CONTENT_WARNING_MAX, CONTENT_WARNING_TOO_LONG } from "./publishing.ts";
import { textField } from "./text.schemas.ts";

// Requests of /api/drafts (ADR 0084). A draft may be incomplete (no account, no text, a time in
// the past): only its shape and its sizes are checked here; the rules of planning apply when it is
// planned. Every message German, the whole draft's own when the value is no draft at all.

const invalid = DRAFT_ERRORS.INVALID_INPUT;
const tooLong = `Ein Text des Entwurfs ist zu lang (höchstens ${DRAFT_TEXT_MAX.toLocaleString("de-DE")} Zeichen).`;
const draftText = textField(invalid).max(DRAFT_TEXT_MAX, { error: tooLong });
const accountId = z.uuid({ error: "Ein gewähltes Konto des Entwurfs ist ungültig." });

export const DraftSourceSchema = z.enum(DRAFT_SOURCES, { error: "Unbekannte Herkunft des Entwurfs." });

export const DraftContentSchema = z.strictObject(
  {
    accountIds: z
      .array(accountId, { error: invalid })
      .max(DRAFT_ACCOUNTS_MAX, { error: `Ein Entwurf hat höchstens ${DRAFT_ACCOUNTS_MAX} Konten.` }),
    text: draftText,
    perAccountText: z
      .record(accountId, draftText, { error: invalid })
      .refine((texts) => Object.keys(texts).length <= DRAFT_ACCOUNTS_MAX, {
        error: `Ein Entwurf hat höchstens ${DRAFT_ACCOUNTS_MAX} Konten.`,
      }),
    threadPosts: z
      .array(draftText, { error: invalid })
      .max(DRAFT_THREAD_POSTS_MAX, { error: `Ein Thread hat höchstens ${DRAFT_THREAD_POSTS_MAX} Beiträge.` }),
    image: z
      .strictObject(
        {
          url: textField(invalid)
            .max(DRAFT_URL_MAX, { error: "Die Adresse des Bildes ist zu lang." })
            // Only our own uploads or https images; never javascript: or data: in an <img src>.
            .regex(/^(\/uploads\/social-images\/[\w.-]+|https:\/\/\S+)$/, {
              error: "Die Adresse des Bildes ist ungültig.",
            }),
          alt: textField(invalid).max(DRAFT_ALT_MAX, { error: "Der Alternativtext ist zu lang." }),
        },
        { error: invalid },
      )
      .nullable(),
    plannedFor: z
      .strictObject(
        {
          date: z
            .string({ error: invalid })
            .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Das Datum des Entwurfs ist ungültig." }),
          time: z
            .string({ error: invalid })
            .regex(/^\d{2}:\d{2}$/, { error: "Die Uhrzeit des Entwurfs ist ungültig." }),
        },
        { error: invalid },
      )
      .nullable(),
    contentWarning: textField(invalid).max(CONTENT_WARNING_MAX, { error: CONTENT_WARNING_TOO_LONG }).optional(),
  },
  { error: invalid },
) satisfies z.ZodType<DraftContent>;

export const CreateDraftSchema = z.strictObject(
  { source: DraftSourceSchema, content: DraftContentSchema },
  { error: invalid },
);
export type CreateDraftInput = z.infer<typeof CreateDraftSchema>;

/** An autosave: the whole content and the revision it was based on (optimistic concurrency). */
export const UpdateDraftSchema = z.strictObject(
  {
    content: DraftContentSchema,
    revision: integerBetween(0, 2_000_000_000, invalid),
    /** The optimizer switches between a post and a thread over the same draft. */
    source: DraftSourceSchema.optional(),
  },
  { error: invalid },
);
export type UpdateDraftInput = z.infer<typeof UpdateDraftSchema>;

export const ListDraftsQuerySchema = z.object({
  source: DraftSourceSchema.optional(),
  accountId: z.uuid({ error: "Unbekanntes Konto." }).optional(),
  network: z.enum(NETWORK_IDS, { error: "Unbekanntes Netzwerk." }).optional(),
});
export type ListDraftsQuery = z.infer<typeof ListDraftsQuerySchema>;
