import { z } from "zod";
import { API_ERROR_CODES } from "./api-errors.ts";
import { GenerateRequestSchema, GenerationDoneSchema, refuseThreadOffX } from "./generator.schemas.ts";
import { TONES } from "./generator.ts";
import { IMAGE_ALT_MAX, MEDIA_MESSAGES } from "./media.ts";
import type { MetricPost, PostMetricsView } from "./metrics.ts";
import { NETWORK_IDS } from "./networks.ts";
import { OPTIMIZER_TEXT_MAX_LENGTH } from "./optimizer.ts";
import { API_LIST_LIMIT_DEFAULT, API_LIST_LIMIT_MAX, PUBLIC_API_ERRORS } from "./public-api.ts";
import { CreatePostsSchema, CreateThreadSchema, type PublicationView, WallTimeSchema } from "./publishing.schemas.ts";
import { PUBLISHING_ERRORS } from "./publishing.ts";
import { FAILURE_REASONS } from "./publishing-failures.ts";
import { PUBLICATION_STATUSES, THREAD_POST_STATUSES } from "./publishing-states.ts";
import { textField } from "./text.schemas.ts";

// The requests and answers of /api/v1 (ADR 0107, 0108). Requests build on the schemas the app's
// own routes use (publishing.schemas.ts); the OpenAPI document is generated from these.

const invalid = PUBLIC_API_ERRORS.INVALID_INPUT;

/** How a create goes out: now, at `plannedFor`, at the accounts' next free queue slot, or as a draft. */
export const API_WHEN = ["now", "planned", "queue", "draft"] as const;
export type ApiWhen = (typeof API_WHEN)[number];

const when = z
  .enum(API_WHEN, { error: "„when“ ist einer von now, planned, queue, draft." })
  .optional()
  .describe(
    "now: sofort; planned: zu plannedFor; queue: nächster freier Sendeplatz; draft: als Entwurf. Ohne Angabe: planned mit plannedFor, sonst now.",
  );

// The content warning is the composer's for now (ADR 0095); the API does not take it.
export const ApiCreatePostsSchema = CreatePostsSchema.omit({
  draftId: true,
  archiveEntryId: true,
  contentWarning: true,
}).extend({ when });
export type ApiCreatePostsInput = z.infer<typeof ApiCreatePostsSchema>;

export const ApiCreateThreadSchema = CreateThreadSchema.omit({ draftId: true, contentWarning: true }).extend({ when });
export type ApiCreateThreadInput = z.infer<typeof ApiCreateThreadSchema>;

export const ErrorSchema = z
  .object({ error: z.string(), code: z.enum(API_ERROR_CODES) })
  .meta({ id: "ApiError", description: "Deutsche Meldung und stabiler Code (ADR 0055)." });

export const AccountSchema = z
  .object({
    id: z.uuid(),
    network: z.enum(NETWORK_IDS),
    handle: z.string(),
    displayName: z.string().nullable(),
    status: z.enum(["connected", "reconnect_required"]),
  })
  .meta({ id: "Account" });

const ThreadSchema = z
  .object({
    posts: z.array(
      z.object({
        position: z.number().int(),
        text: z.string(),
        status: z.enum(THREAD_POST_STATUSES),
        statusLabel: z.string(),
        externalUrl: z.string().nullable(),
      }),
    ),
    sent: z.number().int(),
    total: z.number().int(),
    progressLabel: z.string(),
    resumable: z.boolean(),
  })
  .meta({ id: "Thread" });

export const PostSchema = z
  .object({
    id: z.uuid(),
    batchId: z.uuid(),
    accountId: z.uuid().nullable(),
    network: z.enum(NETWORK_IDS),
    accountHandle: z.string(),
    text: z.string(),
    imageUrl: z.string().nullable(),
    imageAlt: z.string().nullable(),
    contentWarning: z.string().nullable(),
    scheduledAt: z.iso.datetime(),
    status: z.enum(PUBLICATION_STATUSES),
    statusLabel: z.string(),
    detail: z.string().nullable(),
    failureReason: z.enum(FAILURE_REASONS).nullable(),
    failureOriginal: z.string().nullable(),
    externalUrl: z.string().nullable(),
    sentAt: z.iso.datetime().nullable(),
    thread: z.union([ThreadSchema, z.null()]),
  })
  .meta({ id: "Post" });
// The API answers the app's own view: a field added there must be added here (this fails to compile otherwise).
export type ApiPost = z.infer<typeof PostSchema>;
const _sameAsView: [ApiPost, PublicationView] extends [PublicationView, ApiPost] ? true : never = true;
void _sameAsView;

export const DraftSchema = z
  .object({
    id: z.uuid(),
    accountIds: z.array(z.uuid()),
    text: z.string(),
    perAccountText: z.record(z.string(), z.string()),
    threadPosts: z.array(z.string()),
    image: z.object({ url: z.string(), alt: z.string() }).nullable(),
    plannedFor: WallTimeSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Draft" });

export const CreatedPostsSchema = z
  .object({ posts: z.array(PostSchema), draft: z.union([DraftSchema, z.null()]) })
  .meta({ id: "CreatedPosts", description: "Die angelegten Beiträge, oder bei when=draft der Entwurf." });

export const CreatedThreadSchema = z
  .object({ post: z.union([PostSchema, z.null()]), draft: z.union([DraftSchema, z.null()]) })
  .meta({ id: "CreatedThread" });

export const PostListSchema = z
  .object({ posts: z.array(PostSchema), nextCursor: z.string().nullable() })
  .meta({ id: "PostList" });

const listOfParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      const parts = (value ?? "").split(",").filter((part) => part !== "");
      for (const part of parts)
        if (!(values as readonly string[]).includes(part)) {
          context.addIssue({ code: "custom", message: invalid });
          return z.NEVER;
        }
      return parts as T[number][];
    });

export const ApiListPostsQuerySchema = z.object({
  status: listOfParam(PUBLICATION_STATUSES).describe("Kommagetrennt, z. B. planned,failed"),
  network: listOfParam(NETWORK_IDS).describe(`Kommagetrennt, aus ${NETWORK_IDS.join(", ")}`),
  accountId: z.uuid({ error: invalid }).optional(),
  from: z.iso.datetime({ error: "„from“ ist ein Zeitpunkt nach ISO 8601." }).optional(),
  to: z.iso.datetime({ error: "„to“ ist ein Zeitpunkt nach ISO 8601." }).optional(),
  limit: z.coerce
    .number({ error: invalid })
    .int({ error: invalid })
    .min(1, { error: invalid })
    .max(API_LIST_LIMIT_MAX, { error: `„limit“ ist höchstens ${API_LIST_LIMIT_MAX}.` })
    .default(API_LIST_LIMIT_DEFAULT),
  cursor: z.string().max(200, { error: "Ungültiger Cursor." }).optional(),
});
export type ApiListPostsQuery = z.infer<typeof ApiListPostsQuerySchema>;

export const ScoreRequestSchema = z.object({
  text: textField(PUBLISHING_ERRORS.POST_EMPTY)
    .min(1, { error: PUBLISHING_ERRORS.POST_EMPTY })
    .max(OPTIMIZER_TEXT_MAX_LENGTH, { error: `Höchstens ${OPTIMIZER_TEXT_MAX_LENGTH} Zeichen.` }),
});

export const ScoreSchema = z
  .object({
    score: z.number().int(),
    max: z.number().int(),
    criteria: z.array(z.object({ id: z.string(), passed: z.boolean(), percent: z.number(), value: z.number() })),
  })
  .meta({ id: "Score", description: "Der Optimierer-Score für X (kostenlos)." });

export const MediaSchema = z
  .object({ url: z.string(), alt: z.string() })
  .meta({ id: "Media", description: "Als image { url, alt } an einen Beitrag hängen." });

export const MediaFormSchema = z.object({
  file: z.any().meta({ type: "string", format: "binary" }),
  alt: textField(MEDIA_MESSAGES.altTooLong).max(IMAGE_ALT_MAX, { error: MEDIA_MESSAGES.altTooLong }).optional(),
});

export const AccountListSchema = z.object({ accounts: z.array(AccountSchema) }).meta({ id: "AccountList" });
export const PostAnswerSchema = z.object({ post: PostSchema }).meta({ id: "PostAnswer" });

// The generator (ADR 0012) as the page's form sends it, without the image: an API client sends
// text. The answer is the stream's final event.
export const ApiGenerateSchema = GenerateRequestSchema.omit({ imageData: true }).superRefine(refuseThreadOffX);
export type ApiGenerateInput = z.output<typeof ApiGenerateSchema>;

export const GeneratedSchema = GenerationDoneSchema.omit({ type: true }).meta({
  id: "Generated",
  description:
    "Die drei Vorschläge, wie sie im Archiv stehen; creditsRemaining nach der Abbuchung (null ohne Abbuchung).",
});

// The figures of sent posts (ADR 0104, 0106) as the post dialog and the Erfolg page read them.
const FiguresSchema = z
  .object({
    likes: z.number().int(),
    reposts: z.number().int(),
    replies: z.number().int(),
    quotes: z.number().int(),
    bookmarks: z.number().int().nullable(),
    views: z.number().int().nullable(),
  })
  .meta({ id: "Figures", description: "Null, wo das Netzwerk die Zahl nicht nennt." });

const MetricPointSchema = z.object({
  takenAt: z.iso.datetime(),
  round: z.number().int(),
  interactions: z.number().int(),
  views: z.number().int().nullable(),
});

export const PostMetricsSchema = z
  .discriminatedUnion("state", [
    z.object({ state: z.literal("unavailable") }),
    z.object({ state: z.literal("pending") }),
    z.object({ state: z.literal("deleted"), latest: FiguresSchema.nullable(), points: z.array(MetricPointSchema) }),
    z.object({
      state: z.literal("ok"),
      latest: FiguresSchema,
      takenAt: z.iso.datetime(),
      points: z.array(MetricPointSchema),
    }),
  ])
  .meta({
    id: "PostMetrics",
    description:
      "unavailable: das Netzwerk liefert keine Kennzahlen; pending: noch keine Abfrage; deleted: beim Netzwerk gelöscht.",
  });

const MetricPostSchema = z
  .object({
    publicationId: z.uuid(),
    network: z.enum(NETWORK_IDS),
    accountHandle: z.string(),
    sentAt: z.iso.datetime(),
    text: z.string(),
    hasImage: z.boolean(),
    figures: FiguresSchema.nullable(),
    deleted: z.boolean(),
    tone: z.enum(TONES).nullable().describe("Der Ton der Generierung, aus der der Beitrag stammt"),
  })
  .meta({ id: "MetricPost" });

export const MetricPostListSchema = z
  .object({ posts: z.array(MetricPostSchema) })
  .meta({ id: "MetricPostList", description: "Jeder gesendete Beitrag mit seinen letzten Kennzahlen." });

// The API answers the app's own views: a field added there must be added here (this fails to compile otherwise).
type Same<A, B> = [A, B] extends [B, A] ? true : never;
const _sameMetrics: [
  Same<z.infer<typeof PostMetricsSchema>, PostMetricsView>,
  Same<z.infer<typeof MetricPostSchema>, MetricPost>,
] = [true, true];
void _sameMetrics;
