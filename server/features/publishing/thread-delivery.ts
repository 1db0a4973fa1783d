import { and, asc, eq, exists } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import {
  NetworkError,
  type PostRef,
  type PublishedPost,
  type PublishImage,
} from "#server/integrations/social/social-network.ts";
import { type AttemptResult, attemptKey, type NetworkAttempt, PUBLISH_TIMEOUT_MS } from "./network-call.ts";
import { moveThreadPost } from "./publication-transitions.ts";

// Sending a thread (ADR 0066, on Bluesky ADR 0088): post 1, then each next post as a reply to the
// one before, inside the one attempt the queue claimed for the publication (ADR 0053). Per post the
// same rule as for a single post: "sending" and the attempt's time are committed before the call,
// the network's id (and Bluesky's CID, which the next reply cites) is committed as soon as it
// answers, before the next post goes out. A post whose answer was lost
// (or whose server died mid-call) is "unbestätigt" and stops the thread; when the thread is
// continued, the network is asked for that post first (on Bluesky under the name it was sent with,
// ADR 0119; on X among the account's recent posts), so that post is sent only if it is not there,
// and the next one replies to whichever id is found.

type Publication = typeof publications.$inferSelect;
type ThreadPost = typeof publicationThreadPosts.$inferSelect;

/**
 * How long after a post's attempt started the network is asked whether it arrived: past our own
 * timeout and a margin, so a request still on its way cannot arrive after the answer "not there".
 */
export const SETTLE_AFTER_MS = 2 * PUBLISH_TIMEOUT_MS;
/** The lookup starts this much before the attempt, for clocks that differ between us and the network. */
const LOOKUP_MARGIN_MS = 5 * 60_000;

export async function threadPostsOf(db: Database, publicationId: string): Promise<ThreadPost[]> {
  return db
    .select()
    .from(publicationThreadPosts)
    .where(eq(publicationThreadPosts.publicationId, publicationId))
    .orderBy(asc(publicationThreadPosts.position));
}

/**
 * Sends the thread's posts that are not sent yet, in order. The answer is the thread's outcome:
 * published (with the first post's id and link) when every post is sent, else what stopped it.
 */
export async function sendThread(
  deps: Pick<AppDeps, "db">,
  publication: Publication,
  attempt: NetworkAttempt,
  now: Date,
  /** The thread's image: it goes with the first post (ADR 0086). */
  threadImages: PublishImage[] = [],
): Promise<AttemptResult> {
  let previous: PostRef | null = null;
  let first: PublishedPost | null = null;
  for (const post of await threadPostsOf(deps.db, publication.id)) {
    let sent: PublishedPost | null =
      post.status === "sent" && post.externalId
        ? { externalId: post.externalId, url: post.externalUrl ?? "", cid: post.externalCid }
        : null;
    if (!sent && post.status === "unconfirmed") {
      const found = await lookUpPostInDoubt(attempt, publication, post, previous?.externalId ?? null, now);
      if (found instanceof NetworkError || (found.status !== "published" && found.status !== "not-found")) return found;
      if (found.status === "published") sent = found.post;
    }
    if (!sent) {
      // Shutting down: the thread goes on from here on the next server (ADR 0076).
      if (attempt.stopping()) return { status: "wait", until: now };
      const replyTo = previous && first ? { parent: previous, root: refOf(first) } : null;
      const images = post.position === 1 ? threadImages : [];
      const outcome = await sendThreadPost(deps.db, attempt, publication, post, replyTo, images);
      if (outcome instanceof NetworkError || outcome.status !== "published") return outcome;
      sent = outcome.post;
    }
    if (post.status !== "sent") await recordThreadPostSent(deps.db, post, sent, attempt.clock());
    previous = refOf(sent);
    first ??= sent;
  }
  if (!first) return new NetworkError(publication.network, "rejected", { detail: "Thread ohne Beiträge" });
  return { status: "published", post: first };
}

async function sendThreadPost(
  db: Database,
  attempt: NetworkAttempt,
  publication: Publication,
  post: ThreadPost,
  replyTo: { parent: PostRef; root: PostRef } | null,
  images: PublishImage[],
): Promise<AttemptResult> {
  // Only while the publication is still this attempt's ("sending"): a worker that lost it stops.
  const stillOurs = exists(
    db
      .select({ id: publications.id })
      .from(publications)
      .where(and(eq(publications.id, publication.id), eq(publications.status, "sending"))),
  );
  // Its name on the network (ADR 0119): made once, committed with the claim, kept by a later try.
  const networkPostKey = post.networkPostKey ?? (await attempt.newPostKey());
  const claimed = await moveThreadPost(
    db,
    "claim",
    post,
    { attemptStartedAt: attempt.clock(), networkPostKey },
    stillOurs,
  );
  if (!claimed) return { status: "taken-over" };
  const idempotencyKey = attemptKey(`${publication.id}-${post.position}`, publication.attempts);
  const { contentWarning } = publication;
  const postKey = claimed.networkPostKey ?? undefined;
  const outcome = await attempt.publish({ text: post.text, images, replyTo, idempotencyKey, postKey, contentWarning });
  if (outcome instanceof NetworkError ? outcome.kind === "outcome-unknown" : outcome.status === "pending") {
    // In doubt: it stays marked with its attempt's time, for the lookup when the thread goes on.
    await moveThreadPost(db, "doubt", post);
    return outcome instanceof NetworkError
      ? outcome
      : new NetworkError(publication.network, "outcome-unknown", { detail: "Thread-Beitrag in Schritten" });
  }
  if (outcome instanceof NetworkError) await moveThreadPost(db, "defer", post, { attemptStartedAt: null });
  return outcome;
}

/**
 * A post in doubt: asks the network for it. Found: it was sent, with this id. Not found: it is sent
 * now. Too early to ask (the attempt may still be on its way): the thread waits until it may.
 */
async function lookUpPostInDoubt(
  attempt: NetworkAttempt,
  publication: Publication,
  post: ThreadPost,
  replyTo: string | null,
  now: Date,
): Promise<AttemptResult> {
  const startedAt = post.attemptStartedAt ?? now;
  const askableAt = new Date(startedAt.getTime() + SETTLE_AFTER_MS);
  if (askableAt > now) return { status: "wait", until: askableAt };
  const since = new Date(startedAt.getTime() - LOOKUP_MARGIN_MS);
  const lookup = { text: post.text, replyTo, since, postKey: post.networkPostKey };
  const found = await attempt.findPost(lookup);
  return found ?? new NetworkError(publication.network, "outcome-unknown", { detail: "Nachsehen nicht möglich" });
}

/** Committed before the next post is sent; the first post's link is the thread's link. */
async function recordThreadPostSent(
  db: Database,
  post: ThreadPost,
  sent: PublishedPost,
  answered: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await moveThreadPost(tx, "accept", post, {
      externalId: sent.externalId,
      externalCid: sent.cid ?? null,
      externalUrl: sent.url,
      sentAt: answered,
    });
    if (post.position === 1)
      await tx
        .update(publications)
        .set({ externalId: sent.externalId, externalUrl: sent.url })
        .where(eq(publications.id, post.publicationId));
  });
}

const refOf = (post: PublishedPost): PostRef => ({ externalId: post.externalId, cid: post.cid ?? null });
