import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { postMetricSnapshots } from "#server/db/schema/metrics.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { isTone } from "#shared/generator.ts";
import { type MetricPost, type PostFigures, sumFigures } from "#shared/metrics.ts";

// The user's sent posts with their latest figures (ADR 0104, 0106): the Erfolg page, the CSV and the
// public API read them through metrics, the generator's examples and the optimizer's comparison
// here (ADR 0114), which is why this sits below both. Only the user's own rows, always by user id.

export type SnapshotRow = typeof postMetricSnapshots.$inferSelect;

/** A sent post as the Erfolg page counts it, with how many posts it made on the network (a thread > 1). */
export type SentPost = MetricPost & { postCount: number };

type LatestRow = Pick<SnapshotRow, "publicationId" | "position" | "deleted" | keyof PostFigures>;

export const figuresOf = (row: Pick<SnapshotRow, keyof PostFigures>): PostFigures => ({
  likes: row.likes,
  reposts: row.reposts,
  replies: row.replies,
  quotes: row.quotes,
  bookmarks: row.bookmarks,
  views: row.views,
});

/** Every sent post of the user with its latest figures (null before the first snapshot). */
export async function sentPosts(db: Database, userId: string): Promise<SentPost[]> {
  const posts = await db
    .select({
      id: publications.id,
      network: publications.network,
      accountHandle: publications.accountHandle,
      sentAt: publications.sentAt,
      text: publications.text,
      imageUrl: publications.imageUrl,
      postCount: publications.postCount,
      tone: archivedPosts.tone,
    })
    .from(publications)
    .leftJoin(archivedPosts, eq(archivedPosts.id, publications.archiveEntryId))
    .where(and(eq(publications.userId, userId), eq(publications.status, "sent")))
    .orderBy(asc(publications.sentAt));
  // The latest snapshot of each post (of a thread: of each of its posts), in one pass: DISTINCT ON
  // over the primary key's order, the highest round first.
  const latestRows = await db
    .selectDistinctOn([postMetricSnapshots.publicationId, postMetricSnapshots.position], {
      publicationId: postMetricSnapshots.publicationId,
      position: postMetricSnapshots.position,
      deleted: postMetricSnapshots.deleted,
      likes: postMetricSnapshots.likes,
      reposts: postMetricSnapshots.reposts,
      replies: postMetricSnapshots.replies,
      quotes: postMetricSnapshots.quotes,
      bookmarks: postMetricSnapshots.bookmarks,
      views: postMetricSnapshots.views,
    })
    .from(postMetricSnapshots)
    .where(eq(postMetricSnapshots.userId, userId))
    .orderBy(postMetricSnapshots.publicationId, postMetricSnapshots.position, desc(postMetricSnapshots.round));
  const byPublication = new Map<string, LatestRow[]>();
  for (const row of latestRows) {
    const rows = byPublication.get(row.publicationId);
    if (rows) rows.push(row);
    else byPublication.set(row.publicationId, [row]);
  }
  return posts.flatMap((post) => {
    if (!post.sentAt) return [];
    const rows = byPublication.get(post.id) ?? [];
    const alive = rows.filter((row) => !row.deleted);
    return [
      {
        publicationId: post.id,
        network: post.network,
        accountHandle: post.accountHandle,
        sentAt: post.sentAt.toISOString(),
        text: post.text,
        hasImage: post.imageUrl !== null,
        figures: sumFigures(alive.map(figuresOf)),
        deleted: rows.some((row) => row.deleted && row.position === 1),
        postCount: post.postCount,
        tone: isTone(post.tone) ? post.tone : null,
      },
    ];
  });
}
