import { and, asc, eq, exists, inArray } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import {
  NetworkError,
  type NetworkIdentity,
  type PublishedPost,
  type PublishOutcome,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import { callNetwork, PUBLISH_TIMEOUT_MS } from "./network-call.ts";

// Sending a thread (ADR 0066): post 1, then each next post as a reply to the one before, inside
// the one attempt the queue claimed for the publication (ADR 0053). Per post the same rule as for a
// single post: "sending" and the attempt's time are committed before the call, the network's id is
// committed as soon as it answers, before the next post goes out. A post whose answer was lost
// (or whose server died mid-call) is "unbestätigt" and stops the thread; when the thread is
// continued, the network is asked for the account's own recent posts first, so that post is sent
// only if it is not there, and the next one replies to whichever id is found.

type Publication = typeof publications.$inferSelect;
type ThreadPost = typeof publicationThreadPosts.$inferSelect;

/** The one attempt the queue claimed for the thread, with what every call of it needs. */
type Attempt = {
  deps: Pick<AppDeps, "db" | "networks">;
  publication: Publication;
  access: { tokens: TokenSet; identity: NetworkIdentity };
  now: Date;
  timeoutMs: number;
};

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
 * Sends the thread's posts that are not sent yet, in order. The answer is the thread's outcome for
 * recordOutcome: published (with the first post's id and link) when every post is sent, else the
 * failure of the post that stopped it.
 */
export async function sendThread(
  deps: Pick<AppDeps, "db" | "networks">,
  publication: Publication,
  access: { tokens: TokenSet; identity: NetworkIdentity },
  now: Date,
  timeoutMs: number,
): Promise<PublishOutcome | NetworkError> {
  const attempt: Attempt = { deps, publication, access, now, timeoutMs };
  let previous: string | null = null;
  let first: PublishedPost | null = null;
  for (const post of await threadPostsOf(deps.db, publication.id)) {
    let sent: PublishedPost | null =
      post.status === "sent" && post.externalId ? { externalId: post.externalId, url: post.externalUrl ?? "" } : null;
    if (!sent && (post.status === "unconfirmed" || post.status === "sending")) {
      const found = await settle(attempt, post, previous);
      if (found instanceof NetworkError) return found;
      sent = found;
    }
    if (!sent) {
      const outcome = await sendOne(attempt, post, previous);
      if (outcome instanceof NetworkError || outcome.status === "pending") return outcome;
      sent = outcome.post;
    }
    if (post.status !== "sent") await recordSent(deps.db, post, sent, now);
    previous = sent.externalId;
    first ??= sent;
  }
  if (!first) return new NetworkError(publication.network, "rejected", { detail: "Thread ohne Beiträge" });
  return { status: "published", post: first };
}

async function sendOne(
  { deps, publication, access, now, timeoutMs }: Attempt,
  post: ThreadPost,
  replyTo: string | null,
): Promise<PublishOutcome | NetworkError> {
  // Only while the publication is still this attempt's ("sending"): a worker that lost it stops.
  const claimed = await deps.db
    .update(publicationThreadPosts)
    .set({ status: "sending", attemptStartedAt: now })
    .where(
      and(
        ofPost(post),
        exists(
          deps.db
            .select({ id: publications.id })
            .from(publications)
            .where(and(eq(publications.id, publication.id), eq(publications.status, "sending"))),
        ),
      ),
    )
    .returning({ position: publicationThreadPosts.position });
  if (claimed.length === 0) return new NetworkError(publication.network, "outcome-unknown", { detail: "übernommen" });
  const network = deps.networks[publication.network];
  const outcome = await callNetwork(
    publication.network,
    () => network.publish(access.tokens, access.identity, { text: post.text, images: [], replyTo }),
    timeoutMs,
  );
  const inDoubt = outcome instanceof NetworkError ? outcome.kind === "outcome-unknown" : outcome.status === "pending";
  if (outcome instanceof NetworkError || inDoubt) {
    // Not accepted: the post is pending again. In doubt: it stays marked with its attempt's time.
    await deps.db
      .update(publicationThreadPosts)
      .set(inDoubt ? { status: "unconfirmed" } : { status: "pending", attemptStartedAt: null })
      .where(and(ofPost(post), eq(publicationThreadPosts.status, "sending")));
  }
  return outcome;
}

/**
 * A post in doubt: asks the network for it. Found: it was sent, with this id. Not found: it is sent
 * now. Too early to ask (the attempt may still be on its way): the thread waits until it may.
 */
async function settle(
  { deps, publication, access, now, timeoutMs }: Attempt,
  post: ThreadPost,
  replyTo: string | null,
): Promise<PublishedPost | null | NetworkError> {
  const startedAt = post.attemptStartedAt ?? now;
  const askableAt = new Date(startedAt.getTime() + SETTLE_AFTER_MS);
  if (askableAt > now) return new NetworkError(publication.network, "rate-limited", { retryAt: askableAt });
  const network = deps.networks[publication.network];
  if (!network.findPost)
    return new NetworkError(publication.network, "outcome-unknown", { detail: "Nachsehen nicht möglich" });
  const lookup = { text: post.text, replyTo, since: new Date(startedAt.getTime() - LOOKUP_MARGIN_MS) };
  return callNetwork(
    publication.network,
    () => network.findPost?.(access.tokens, access.identity, lookup) ?? Promise.resolve(null),
    timeoutMs,
  );
}

/** Committed before the next post is sent; the first post's link is the thread's link. */
async function recordSent(db: Database, post: ThreadPost, sent: PublishedPost, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(publicationThreadPosts)
      .set({ status: "sent", externalId: sent.externalId, externalUrl: sent.url, sentAt: now })
      .where(ofPost(post));
    if (post.position === 1)
      await tx
        .update(publications)
        .set({ externalId: sent.externalId, externalUrl: sent.url })
        .where(eq(publications.id, post.publicationId));
  });
}

/** A server died mid-thread: the post it was sending is in doubt, like a lost answer. */
export async function markThreadPostsInDoubt(db: Database, publicationId: string): Promise<void> {
  await db
    .update(publicationThreadPosts)
    .set({ status: "unconfirmed" })
    .where(
      and(eq(publicationThreadPosts.publicationId, publicationId), inArray(publicationThreadPosts.status, ["sending"])),
    );
}

function ofPost(post: ThreadPost) {
  return and(
    eq(publicationThreadPosts.publicationId, post.publicationId),
    eq(publicationThreadPosts.position, post.position),
  );
}
