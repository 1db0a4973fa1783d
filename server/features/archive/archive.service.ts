import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
import type { Logger } from "#server/logger.ts";
import type { ArchiveQuery } from "#shared/archive.schemas.ts";
import {
  ARCHIVE_COUNT_LIMIT,
  ARCHIVE_FILTER_ALL,
  ARCHIVE_PAGE_SIZE,
  type ArchiveProvenance,
  type ArchivePublishing,
} from "#shared/archive.ts";
import { joinThread, type PostFormat } from "#shared/generator.ts";
import { isUuid } from "#shared/ids.ts";
import type { NetworkId } from "#shared/networks.ts";

// The archive of generated posts (spec sections 2, 4 and 7 "archived_posts"; ADR 0014). Every
// query is scoped to the signed-in user: another user's entry does not exist (404), on
// every route.

const entryColumns = {
  id: archivedPosts.id,
  platform: archivedPosts.platform,
  language: archivedPosts.language,
  tone: archivedPosts.tone,
  keyPoints: archivedPosts.keyPoints,
  imageUrl: archivedPosts.imageUrl,
  website: archivedPosts.website,
  format: archivedPosts.format,
  generated: archivedPosts.generatedPosts,
  demo: archivedPosts.demo,
  provenance: archivedPosts.provenance,
  createdAt: archivedPosts.createdAt,
};

type EntryRow = {
  id: string;
  platform: string;
  language: string;
  tone: string;
  keyPoints: string;
  imageUrl: string | null;
  website: string | null;
  format: PostFormat;
  generated: string[] | string[][];
  demo: boolean;
  /** ADR 0025; null for entries made before it. */
  provenance: ArchiveProvenance | null;
  createdAt: Date;
};

/**
 * ADR 0065: `posts` is always the three suggestions as text (a thread as joinThread writes it),
 * so search display, copy and publishing read one field; `threads` adds a thread entry's posts.
 */
function toEntry({ generated, ...row }: EntryRow) {
  const threads = row.format === "thread" ? (generated as string[][]) : null;
  const posts = threads ? threads.map(joinThread) : (generated as string[]);
  return { ...row, posts, threads, createdAt: row.createdAt.toISOString() };
}

export type ArchiveEntry = ReturnType<typeof toEntry>;

export async function listArchivedPosts(db: Database, userId: string, query: ArchiveQuery) {
  const conditions: SQL[] = [eq(archivedPosts.userId, userId)];
  if (query.platform !== ARCHIVE_FILTER_ALL) conditions.push(eq(archivedPosts.platform, query.platform));
  if (query.language !== ARCHIVE_FILTER_ALL) conditions.push(eq(archivedPosts.language, query.language));
  if (query.tone !== ARCHIVE_FILTER_ALL) conditions.push(eq(archivedPosts.tone, query.tone));
  const tsQuery = buildSearchQuery(query.search);
  if (tsQuery) conditions.push(sql`${archivedPosts.searchVector} @@ to_tsquery('simple', ${tsQuery})`);
  const where = and(...conditions);

  // At most ARCHIVE_COUNT_LIMIT + 1 matches are counted: enough to number the pages of any
  // real search, cheap even for a word in every post of a 20,000-entry archive.
  const [counted] = await db.select({ value: count() }).from(
    db
      .select({ id: archivedPosts.id })
      .from(archivedPosts)
      .where(where)
      .limit(ARCHIVE_COUNT_LIMIT + 1)
      .as("counted"),
  );
  const matches = Number(counted?.value ?? 0);
  const totalIsCapped = matches > ARCHIVE_COUNT_LIMIT;
  const offset = (query.page - 1) * ARCHIVE_PAGE_SIZE;
  // One row more than a page tells whether there is a next page without a full count.
  const pageWithLookahead = ARCHIVE_PAGE_SIZE + 1;

  let rows: EntryRow[] = [];
  if (totalIsCapped) {
    // Many matches: walking the account's index newest first finds a page of them at once.
    rows = await db
      .select(entryColumns)
      .from(archivedPosts)
      .where(where)
      .orderBy(desc(archivedPosts.createdAt), desc(archivedPosts.id))
      .limit(pageWithLookahead)
      .offset(offset);
  } else if (matches > 0) {
    // Few matches: sort just those. "offset 0" fences the subquery, so the planner cannot
    // choose to walk the whole account in date order looking for a rare word.
    const matching = db.select(entryColumns).from(archivedPosts).where(where).offset(0).as("matching");
    rows = await db
      .select()
      .from(matching)
      .orderBy(desc(matching.createdAt), desc(matching.id))
      .limit(pageWithLookahead)
      .offset(offset);
  }
  const page = rows.slice(0, ARCHIVE_PAGE_SIZE);
  const publishing = await publishingOf(
    db,
    userId,
    page.map((row) => row.id),
  );
  return {
    entries: page.map((row) => ({
      ...toEntry(row),
      publishing: publishing.get(row.id)?.state ?? null,
      sent: publishing.get(row.id)?.sent ?? [],
    })),
    total: Math.min(matches, ARCHIVE_COUNT_LIMIT),
    totalIsCapped,
    page: query.page,
    pageSize: ARCHIVE_PAGE_SIZE,
    /** null when there are more matches than ARCHIVE_COUNT_LIMIT. */
    pageCount: totalIsCapped ? null : Math.max(1, Math.ceil(matches / ARCHIVE_PAGE_SIZE)),
    hasNextPage: rows.length > ARCHIVE_PAGE_SIZE,
  };
}

/** A post of the entry that went out: the archive shows its latest figures (ADR 0106). */
export type ArchiveSentPost = { id: string; network: NetworkId; accountHandle: string; sentAt: string };

/**
 * ADR 0101: whether a post of each entry went out ("sent") or waits for its time ("planned"), for
 * the archive's badge; sent wins when both. Entries never planned are missing from the map. With
 * it the posts that went out, oldest first, whose figures the card shows (ADR 0106).
 */
async function publishingOf(
  db: Database,
  userId: string,
  entryIds: string[],
): Promise<Map<string, { state: ArchivePublishing; sent: ArchiveSentPost[] }>> {
  const states = new Map<string, { state: ArchivePublishing; sent: ArchiveSentPost[] }>();
  if (entryIds.length === 0) return states;
  const rows = await db
    .select({
      id: publications.id,
      entryId: publications.archiveEntryId,
      status: publications.status,
      network: publications.network,
      accountHandle: publications.accountHandle,
      sentAt: publications.sentAt,
    })
    .from(publications)
    .where(
      and(
        eq(publications.userId, userId),
        inArray(publications.archiveEntryId, entryIds),
        inArray(publications.status, ["planned", "sending", "sent"]),
      ),
    )
    .orderBy(publications.sentAt, publications.id);
  for (const { entryId, status, sentAt, ...post } of rows) {
    if (!entryId) continue;
    const entry = states.get(entryId) ?? { state: "planned", sent: [] };
    states.set(entryId, entry);
    if (status !== "sent") continue;
    entry.state = "sent";
    if (sentAt) entry.sent.push({ ...post, sentAt: sentAt.toISOString() });
  }
  return states;
}

/**
 * The user's words as a prefix search over key points and posts (ADR 0014): every word must
 * occur, each as the start of a word ("rabatt" finds "Rabatte"), case-insensitively. Only
 * letters and digits reach to_tsquery, so no input can break its syntax. null: no filter.
 */
export function buildSearchQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return [...new Set(words)].map((word) => `'${word}':*`).join(" & ");
}

export async function getArchivedPost(db: Database, userId: string, id: string): Promise<ArchiveEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(entryColumns)
    .from(archivedPosts)
    .where(and(eq(archivedPosts.id, id), eq(archivedPosts.userId, userId)))
    .limit(1);
  return row ? toEntry(row) : null;
}

/** Deletes the whole entry (spec section 4 "Archive") and its image; false when it is not the user's. */
export async function deleteArchivedPost(
  deps: Pick<AppDeps, "db" | "imageStorage">,
  logger: Logger,
  userId: string,
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [deleted] = await deps.db
    .delete(archivedPosts)
    .where(and(eq(archivedPosts.id, id), eq(archivedPosts.userId, userId)))
    .returning({ imageUrl: archivedPosts.imageUrl });
  if (!deleted) return false;
  const imageName = imageNameFromPublicUrl(deleted.imageUrl);
  if (imageName) {
    await deps.imageStorage
      .remove(imageName)
      .catch((error: unknown) => logger.warn({ err: error }, "Bild des Archiv-Eintrags konnte nicht entfernt werden"));
  }
  return true;
}

type NewArchiveEntry = {
  userId: string;
  platform: string;
  language: string;
  tone: string;
  keyPoints: string;
  website: string | null;
  imageUrl: string | null;
  posts: string[];
  /** ADR 0065: a thread run's threads; stored in place of the joined posts. */
  threads?: string[][] | null;
  demo: boolean;
  provenance: ArchiveProvenance;
};

/** Archives one generation's result (spec section 4 "Generation flow", step 9); returns its id. */
export async function createArchiveEntry(db: Database, entry: NewArchiveEntry): Promise<string> {
  const [row] = await db
    .insert(archivedPosts)
    .values({
      userId: entry.userId,
      platform: entry.platform,
      language: entry.language,
      tone: entry.tone,
      keyPoints: entry.keyPoints,
      imageUrl: entry.imageUrl,
      website: entry.website,
      format: entry.threads ? "thread" : "post",
      generatedPosts: entry.threads ?? entry.posts,
      demo: entry.demo,
      provenance: entry.provenance,
    })
    .returning({ id: archivedPosts.id });
  if (!row) throw new Error("Archiv-Eintrag ohne id");
  return row.id;
}
