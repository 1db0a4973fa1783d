import { asc, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { type publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import type { ThreadView } from "#shared/publishing.schemas.ts";
import { threadProgressLabel } from "#shared/publishing.ts";
import { allows, THREAD_POST_STATUS_LABELS } from "#shared/publishing-states.ts";

// How the API shows a thread (ADR 0066): its posts with their states, "3 von 5 gesendet", and
// whether "Fortsetzen" applies.

type Publication = typeof publications.$inferSelect;
type ThreadPost = typeof publicationThreadPosts.$inferSelect;

/** The threads among `rows`, by publication id (one query for a whole list). */
export async function threadViewsOf(db: Database, rows: Publication[]): Promise<Map<string, ThreadView>> {
  const threads = rows.filter((row) => row.postCount > 1);
  const views = new Map<string, ThreadView>();
  if (threads.length === 0) return views;
  const posts = await db
    .select()
    .from(publicationThreadPosts)
    .where(
      inArray(
        publicationThreadPosts.publicationId,
        threads.map((row) => row.id),
      ),
    )
    .orderBy(asc(publicationThreadPosts.publicationId), asc(publicationThreadPosts.position));
  for (const row of threads)
    views.set(
      row.id,
      toThreadView(
        row,
        posts.filter((post) => post.publicationId === row.id),
      ),
    );
  return views;
}

export function toThreadView(publication: Publication, posts: ThreadPost[]): ThreadView {
  const sent = posts.filter((post) => post.status === "sent").length;
  return {
    posts: posts.map((post) => ({
      position: post.position,
      text: post.text,
      status: post.status,
      statusLabel: THREAD_POST_STATUS_LABELS[post.status],
      externalUrl: post.externalUrl,
    })),
    sent,
    total: posts.length,
    progressLabel: threadProgressLabel(sent, posts.length),
    // A thread stopped by a failure or a post in doubt goes on from its first unsent post.
    resumable: allows("resume", publication.status) && sent < posts.length,
  };
}
