import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import {
  type Actor,
  type EventBy,
  PUBLICATION_TRANSITIONS,
  THREAD_POST_TRANSITIONS,
  type ThreadPostEvent,
} from "#shared/publishing-states.ts";

// The one place that writes a publication's or a thread post's status (ADR 0074). A move is named
// by its event in shared/publishing-states.ts; the UPDATE itself carries `status in (from)`, so an
// illegal move or one that lost a race to another worker changes nothing and answers no row.

type Publication = typeof publications.$inferSelect;
type ThreadPost = typeof publicationThreadPosts.$inferSelect;
type PublicationChanges = Omit<Partial<typeof publications.$inferInsert>, "id" | "status">;
type ThreadPostChanges = Omit<
  Partial<typeof publicationThreadPosts.$inferInsert>,
  "publicationId" | "position" | "status"
>;

/**
 * Moves every publication that `which` selects and that is in one of the event's source states;
 * answers the rows it moved. `by` names the caller, and the event must be one that caller may make.
 */
export async function movePublications<A extends Actor>(
  db: Database,
  by: A,
  event: EventBy<A>,
  which: SQL | undefined,
  changes: PublicationChanges = {},
): Promise<Publication[]> {
  const { from, to, by: allowed } = PUBLICATION_TRANSITIONS[event];
  // The types hold this for TypeScript callers; the check holds it for every caller (ADR 0074).
  if (by !== allowed) throw new Error(`${by} may not make the move ${event} (only ${allowed})`);
  return db
    .update(publications)
    .set({ updatedAt: new Date(), ...changes, status: to })
    .where(and(which, inArray(publications.status, [...from])))
    .returning();
}

/** One publication by id; null when it was not in a state the event leaves from. */
export async function movePublication<A extends Actor>(
  db: Database,
  by: A,
  event: EventBy<A>,
  id: string,
  changes: PublicationChanges = {},
  also?: SQL,
): Promise<Publication | null> {
  const [row] = await movePublications(db, by, event, and(eq(publications.id, id), also), changes);
  return row ?? null;
}

/** One post of a thread; null when it was not in a state the event leaves from. */
export async function moveThreadPost(
  db: Database,
  event: ThreadPostEvent,
  post: Pick<ThreadPost, "publicationId" | "position">,
  changes: ThreadPostChanges = {},
  also?: SQL,
): Promise<ThreadPost | null> {
  const { from, to } = THREAD_POST_TRANSITIONS[event];
  const [row] = await db
    .update(publicationThreadPosts)
    .set({ ...changes, status: to })
    .where(
      and(
        eq(publicationThreadPosts.publicationId, post.publicationId),
        eq(publicationThreadPosts.position, post.position),
        inArray(publicationThreadPosts.status, [...from]),
        also,
      ),
    )
    .returning();
  return row ?? null;
}

/** Every post of a thread that was being sent when its server died: in doubt. */
export async function interruptThreadPosts(db: Database, publicationId: string): Promise<void> {
  const { from, to } = THREAD_POST_TRANSITIONS.interrupt;
  await db
    .update(publicationThreadPosts)
    .set({ status: to })
    .where(
      and(eq(publicationThreadPosts.publicationId, publicationId), inArray(publicationThreadPosts.status, [...from])),
    );
}
