import { z } from "zod";
import { IMAGE_ALT_MAX, MEDIA_MESSAGES } from "./media.ts";
import { NETWORK_IDS } from "./networks.ts";
import {
  CONTENT_WARNING_MAX,
  CONTENT_WARNING_TOO_LONG,
  DUPLICATE_TARGET_MESSAGE,
  LIST_RANGE_MAX_DAYS,
  LIST_RANGE_MESSAGES,
  PUBLISHING_ERRORS,
  THREAD_MAX_POSTS,
  THREAD_MIN_POSTS,
} from "./publishing.ts";
import type { FailureReason } from "./publishing-failures.ts";
import { PUBLICATION_STATUSES, type THREAD_POST_STATUSES } from "./publishing-states.ts";
import { textField } from "./text.schemas.ts";
import { isDay } from "./zoned-time.ts";

// Requests and answers of /api/connections, /api/posts and /api/notifications (ADR 0053), for the
// routes and for the composer, the Redaktionsplan and the notification area.

const invalid = PUBLISHING_ERRORS.INVALID_INPUT;
// Long enough for every network's limit (LinkedIn 3,000); each network's own rule is checked after.
const POST_TEXT_MAX = 10_000;
/** One post written for this many accounts at most. */
export const MAX_TARGETS_PER_POST = 10;

// ADR 0080: a planned time in any other shape is named in the answer.
const plannedForInvalid = "Bitte geben Sie für den geplanten Zeitpunkt ein Datum und eine Uhrzeit an.";

/** A planned time as the user picks it: a day and a wall-clock time in the user's zone (ADR 0091). */
export const WallTimeSchema = z.object(
  {
    date: z.string({ error: plannedForInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: plannedForInvalid }),
    time: z.string({ error: plannedForInvalid }).regex(/^\d{2}:\d{2}$/, { error: plannedForInvalid }),
  },
  { error: plannedForInvalid },
);
export type PlannedWallTime = z.infer<typeof WallTimeSchema>;

/** Where the storage serves what it handed out (server/integrations/storage/image-storage.ts). */
const STORED_IMAGE_URL = /^\/uploads\/social-images\/\d{13}-[0-9a-f]{16}\.(jpg|png|webp|gif)$/;

/**
 * An image that goes with a post (ADR 0086): one of the user's own uploads (the server checks
 * whose it is) and its description. An empty description is allowed; the composer warns.
 */
export const PostImageSchema = z.object(
  {
    url: z
      .string({ error: MEDIA_MESSAGES.imageNotFound })
      .regex(STORED_IMAGE_URL, { error: MEDIA_MESSAGES.imageNotFound }),
    alt: textField(MEDIA_MESSAGES.altTooLong).trim().max(IMAGE_ALT_MAX, { error: MEDIA_MESSAGES.altTooLong }),
  },
  { error: MEDIA_MESSAGES.imageNotFound },
);
export type PostImage = z.infer<typeof PostImageSchema>;
const draftIdField = z.uuid({ error: "Diesen Entwurf gibt es nicht (mehr)." }).optional();

const postText = textField(PUBLISHING_ERRORS.POST_EMPTY).max(POST_TEXT_MAX, { error: PUBLISHING_ERRORS.POST_TOO_LONG });
/** Mastodon's content warning (ADR 0095): stored for Mastodon accounts only; empty means none. */
const contentWarning = textField(CONTENT_WARNING_TOO_LONG)
  .trim()
  .max(CONTENT_WARNING_MAX, { error: CONTENT_WARNING_TOO_LONG })
  .optional();

export const CreatePostsSchema = z.object({
  targets: z
    .array(
      z.object(
        { accountId: z.uuid({ error: PUBLISHING_ERRORS.ACCOUNT_NOT_FOUND }), text: postText },
        { error: "Bitte wählen Sie für jeden Beitrag ein verbundenes Konto und geben Sie einen Text ein." },
      ),
      { error: invalid },
    )
    .min(1, { error: invalid })
    .max(MAX_TARGETS_PER_POST, { error: invalid })
    // One post per account: a second target for the same account would post the text twice.
    .superRefine((targets, context) => {
      const seen = new Set<string>();
      for (const [index, { accountId }] of targets.entries()) {
        const account = accountId.toLowerCase();
        if (seen.has(account))
          context.addIssue({ code: "custom", message: DUPLICATE_TARGET_MESSAGE, path: [index, "accountId"] });
        seen.add(account);
      }
    }),
  /** The generation whose image goes along, if it has one. */
  archiveEntryId: z.uuid({ error: PUBLISHING_ERRORS.ARCHIVE_ENTRY_NOT_FOUND }).optional(),
  /** An uploaded image (or the generation's) with its description; it wins over the archive entry's. */
  image: PostImageSchema.optional(),
  /** Absent: "Jetzt veröffentlichen". */
  plannedFor: WallTimeSchema.optional(),
  contentWarning,
  /** The draft being planned (ADR 0084): deleted in the transaction that creates the posts. */
  draftId: draftIdField,
});
export type CreatePostsInput = z.infer<typeof CreatePostsSchema>;

/**
 * A thread for one X or Bluesky account (ADR 0066, 0088): its posts in order, each checked on the
 * server against its network's limit (X: 280 weighted characters, Bluesky: 300 graphemes).
 */
export const CreateThreadSchema = z.object({
  accountId: z.uuid({ error: PUBLISHING_ERRORS.ACCOUNT_NOT_FOUND }),
  posts: z
    .array(postText, { error: invalid })
    .min(THREAD_MIN_POSTS, { error: `Ein Thread hat mindestens ${THREAD_MIN_POSTS} Beiträge.` })
    .max(THREAD_MAX_POSTS, { error: `Ein Thread hat höchstens ${THREAD_MAX_POSTS} Beiträge.` }),
  /** Goes with the thread's first post. */
  image: PostImageSchema.optional(),
  /** Absent: "Jetzt veröffentlichen". */
  plannedFor: WallTimeSchema.optional(),
  contentWarning,
  draftId: draftIdField,
});
export type CreateThreadInput = z.infer<typeof CreateThreadSchema>;

/** An edit: the text, the time, or a Mastodon post's content warning (an empty one removes it). */
export const UpdatePostSchema = z
  .object({ text: postText.optional(), plannedFor: WallTimeSchema.optional(), contentWarning })
  .refine((value) => value.text !== undefined || value.plannedFor !== undefined || value.contentWarning !== undefined, {
    error: invalid,
    path: ["text"],
  });
export type UpdatePostInput = z.infer<typeof UpdatePostSchema>;

/** "Erneut senden" of a post in doubt: the owner's word that it did not appear (ADR 0093). */
export const ResendPostSchema = z.object({ confirmedNotPublished: z.boolean({ error: invalid }).optional() });

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) =>
  z.string({ error: message }).regex(DAY_PATTERN, { error: message }).refine(isDay, { error: message });

/**
 * A filter of several values: "a,b" or a repeated parameter (`?status=a&status=b`), at most `max`.
 * The calendar keeps its filters in the address the same way.
 */
function listOf<Item extends z.ZodType<string, string>>(item: Item, max: number) {
  return z
    .union([z.string(), z.array(z.string())], { error: invalid })
    .transform((value) => (Array.isArray(value) ? value.join(",") : value).split(",").filter((part) => part !== ""))
    .pipe(z.array(item).max(max, { error: invalid }));
}

export const ListPostsQuerySchema = z
  .object({
    accountId: listOf(z.uuid({ error: invalid }), 50).optional(),
    network: listOf(z.enum(NETWORK_IDS, { error: invalid }), NETWORK_IDS.length).optional(),
    status: listOf(z.enum(PUBLICATION_STATUSES, { error: invalid }), PUBLICATION_STATUSES.length).optional(),
    /** Any day of the week to show (Monday to Sunday in Berlin); absent: all, newest plan first. */
    week: day(invalid).optional(),
    /** The calendar's days, both inclusive, in the user's zone (ADR 0089): at most LIST_RANGE_MAX_DAYS. */
    from: day(LIST_RANGE_MESSAGES.invalidDay).optional(),
    to: day(LIST_RANGE_MESSAGES.invalidDay).optional(),
  })
  .superRefine((query, context) => {
    if ((query.from === undefined) !== (query.to === undefined))
      context.addIssue({ code: "custom", message: LIST_RANGE_MESSAGES.bothEnds, path: ["from"] });
    if (query.week !== undefined && query.from !== undefined)
      context.addIssue({ code: "custom", message: LIST_RANGE_MESSAGES.weekOrRange, path: ["week"] });
    if (query.from === undefined || query.to === undefined) return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days < 1) context.addIssue({ code: "custom", message: LIST_RANGE_MESSAGES.reversed, path: ["to"] });
    else if (days > LIST_RANGE_MAX_DAYS)
      context.addIssue({ code: "custom", message: LIST_RANGE_MESSAGES.tooLong, path: ["to"] });
  });
export type ListPostsQuery = z.infer<typeof ListPostsQuerySchema>;

export const NetworkParamSchema = z.enum(NETWORK_IDS, { error: invalid });

/** The choose step of a login that offers several accounts (ADR 0096): the chosen accounts' keys. */
export const AccountChoiceSchema = z.object({ accounts: z.array(z.string().min(1).max(200)).min(1).max(200) });

export const AppPasswordConnectSchema = z.object({
  identifier: textField(PUBLISHING_ERRORS.CREDENTIALS_REJECTED).trim().min(1).max(253),
  appPassword: textField(PUBLISHING_ERRORS.CREDENTIALS_REJECTED).trim().min(1).max(100),
});

/** Mastodon (ADR 0095): the instance the user names, e.g. "mastodon.social". */
export const InstanceConnectSchema = z.object({
  instance: textField(PUBLISHING_ERRORS.INSTANCE_REFUSED).trim().min(1).max(253),
});

/** One post of a thread as the API shows it. */
export type ThreadPostView = {
  position: number;
  text: string;
  status: (typeof THREAD_POST_STATUSES)[number];
  statusLabel: string;
  externalUrl: string | null;
};

/** A thread's posts and progress ("3 von 5 gesendet"); `resumable`: "Fortsetzen" is offered. */
export type ThreadView = {
  posts: ThreadPostView[];
  sent: number;
  total: number;
  progressLabel: string;
  resumable: boolean;
};

/** A publication as the API shows it. */
export type PublicationView = {
  id: string;
  batchId: string;
  accountId: string | null;
  network: (typeof NETWORK_IDS)[number];
  accountHandle: string;
  text: string;
  imageUrl: string | null;
  /** The image's description as it is sent (ADR 0086); null without an image. */
  imageAlt: string | null;
  /** Mastodon's content warning (ADR 0095); null for every other network. */
  contentWarning: string | null;
  scheduledAt: string;
  status: (typeof PUBLICATION_STATUSES)[number];
  statusLabel: string;
  detail: string | null;
  /** Why the network refused it (ADR 0093); `detail` holds its German sentence. */
  failureReason: FailureReason | null;
  /** The network's own words for the refusal, untranslated. */
  failureOriginal: string | null;
  externalUrl: string | null;
  sentAt: string | null;
  /** Null for a single post. */
  thread: ThreadView | null;
};
