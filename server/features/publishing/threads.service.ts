import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { publications, publicationThreadPosts, socialAccounts } from "#server/db/schema/publishing.ts";
import { inTransaction } from "#server/db/transaction.ts";
import { consumeDraft } from "#server/features/drafts/drafts.service.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { THREAD_NETWORKS } from "#shared/networks.ts";
import { checkPostText } from "#shared/post-length.ts";
import type { CreateThreadInput, PublicationView } from "#shared/publishing.schemas.ts";
import { threadPostTooLongMessage } from "#shared/publishing.ts";
import { postImageOf } from "./post-image.ts";
import { contentWarningFor, ownPost, type PostsDeps, planAgain, plannedInstant, toView } from "./publishing.service.ts";
import { refuseOverCap } from "./publishing-caps.ts";
import { PublishingRefusal } from "./refusals.ts";
import { SETTLE_AFTER_MS, threadPostsOf } from "./thread-delivery.ts";
import { toThreadView } from "./thread-views.ts";

// Threads (ADR 0066, 0088): one publication for one X or Bluesky account whose posts go out as a
// chain of replies, with one queue job like every publication (ADR 0053). Each post is checked
// against its network's own limit (shared/networks.ts). "Fortsetzen" plans a stopped thread again;
// the queue goes on from its first unsent post.

export async function createThread(
  deps: PostsDeps,
  userId: string,
  input: CreateThreadInput,
  now = new Date(),
): Promise<PublicationView> {
  const scheduledAt = input.plannedFor
    ? plannedInstant(input.plannedFor, await userTimeZone(deps.db, userId), now)
    : now;
  const [account] = await deps.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.id, input.accountId)));
  if (!account) throw new PublishingRefusal("ACCOUNT_NOT_FOUND", 409);
  if (!THREAD_NETWORKS.includes(account.network)) throw new PublishingRefusal("THREAD_NOT_SUPPORTED", 400);
  if (account.status !== "connected") throw new PublishingRefusal("ACCOUNT_NEEDS_RECONNECT", 409);
  const contentWarning = contentWarningFor(account.network, input.contentWarning);
  for (const [index, text] of input.posts.entries()) {
    const check = checkPostText(account.network, text, account.postLimits?.maxCharacters, contentWarning);
    if (check.empty) throw new PublishingRefusal("POST_EMPTY", 400);
    if (!check.fits)
      throw new PublishingRefusal("POST_TOO_LONG", 400, threadPostTooLongMessage(index + 1, check.length, check.max));
  }
  const { imageUrl, imageAlt } = await postImageOf(deps.db, userId, input);
  await deps.publishingQueue.ready();
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(publications)
      .values({
        batchId: crypto.randomUUID(),
        userId,
        accountId: account.id,
        network: account.network,
        accountHandle: account.handle,
        // The first post stands for the thread wherever one text is shown (lists, mails).
        text: input.posts[0] ?? "",
        // The image goes with the first post (ADR 0086).
        imageUrl,
        imageAlt,
        contentWarning,
        scheduledAt,
        nextAttemptAt: scheduledAt,
        status: "planned",
        postCount: input.posts.length,
      })
      .returning();
    if (!row) throw new Error("Thread nicht angelegt");
    const posts = await tx
      .insert(publicationThreadPosts)
      .values(input.posts.map((text, index) => ({ publicationId: row.id, position: index + 1, text })))
      .returning();
    await refuseOverCap(tx, userId, account.network, scheduledAt);
    await deps.publishingQueue.enqueue(tx, row.id, scheduledAt);
    if (input.draftId) await consumeDraft(tx, userId, input.draftId);
    return toView(row, toThreadView(row, posts));
  });
}

/**
 * "Fortsetzen": a thread that failed or is in doubt is planned again, due now, or, with a post in
 * doubt, once the network can be asked whether it arrived (SETTLE_AFTER_MS after that attempt).
 */
export async function resumeThread(
  deps: PostsDeps,
  userId: string,
  id: string,
  now = new Date(),
): Promise<PublicationView> {
  const existing = await ownPost(deps.db, userId, id);
  if (existing.postCount === 1) throw new PublishingRefusal("THREAD_NOT_RESUMABLE", 409);
  const posts = await threadPostsOf(deps.db, id);
  if (posts.every((post) => post.status === "sent")) throw new PublishingRefusal("THREAD_NOT_RESUMABLE", 409);
  const inDoubt = posts.filter((post) => post.status === "unconfirmed");
  const askable = inDoubt.map((post) => (post.attemptStartedAt?.getTime() ?? 0) + SETTLE_AFTER_MS);
  const dueAt = new Date(Math.max(now.getTime(), ...askable));
  // Its posts still count toward the month, like a failed post planned again.
  const resumed = await planAgain(deps, userId, id, {
    event: "resume",
    dueAt,
    now,
    takesPlace: true,
  });
  if (!resumed) throw new PublishingRefusal("THREAD_NOT_RESUMABLE", 409);
  return toView(resumed, toThreadView(resumed, await threadPostsOf(deps.db, id)));
}
