import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { DraftRefusal } from "#server/features/drafts/draft-refusal.ts";
import { accountNetworks, insertDraft, toDraftView } from "#server/features/drafts/drafts.service.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import type { DraftContent, DraftView } from "#shared/drafts.ts";
import { toWallTime } from "#shared/wall-time.ts";
import { movePublication } from "./publication-transitions.ts";
import { ownPost } from "./publishing.service.ts";
import { threadPostsOf } from "./thread-delivery.ts";

// A post of the Redaktionsplan back into a draft (ADR 0084): "Duplizieren" copies any post, sent
// ones too, and leaves it as it is; "Als Entwurf bearbeiten" ends a post that has not gone out
// (redraft → drafted, shared/publishing-states.ts) and makes its draft in the same transaction.

type Publication = typeof publications.$inferSelect;

export async function duplicatePost(db: Database, userId: string, id: string): Promise<DraftView> {
  const post = await ownPost(db, userId, id);
  const content = await contentOf(db, post, { keepTime: false });
  const row = await db.transaction((tx) => insertDraft(tx, userId, "composer", content));
  return toDraftView(row, await accountNetworks(db, userId));
}

export async function redraftPost(db: Database, userId: string, id: string, now = new Date()): Promise<DraftView> {
  const post = await ownPost(db, userId, id);
  const row = await db.transaction(async (tx) => {
    // Read inside the transaction that moves the post: what is copied is what the post held.
    if (post.postCount > 1) {
      const posts = await threadPostsOf(tx, id);
      if (posts.some((threadPost) => threadPost.status === "sent" || threadPost.status === "unconfirmed"))
        throw new DraftRefusal("THREAD_PARTLY_SENT", 409);
    }
    const moved = await movePublication(tx, "user", "redraft", id, {}, eq(publications.userId, userId));
    if (!moved) throw new DraftRefusal("POST_NOT_REDRAFTABLE", 409);
    return insertDraft(tx, userId, "composer", await contentOf(tx, moved, { keepTime: true, now }));
  });
  return toDraftView(row, await accountNetworks(db, userId));
}

/** The post as the composer's value: its account, text or thread, image and (for a redraft) its time if still ahead. */
async function contentOf(
  db: Database,
  post: Publication,
  options: { keepTime: boolean; now?: Date },
): Promise<DraftContent> {
  const threadPosts = post.postCount > 1 ? (await threadPostsOf(db, post.id)).map((threadPost) => threadPost.text) : [];
  const ahead = options.keepTime && post.scheduledAt.getTime() > (options.now ?? new Date()).getTime();
  return {
    accountIds: post.accountId ? [post.accountId] : [],
    text: threadPosts.length > 0 ? "" : post.text,
    perAccountText: {},
    threadPosts,
    image:
      post.imageUrl && /^\/uploads\/social-images\/[\w.-]+$/.test(post.imageUrl)
        ? { url: post.imageUrl, alt: post.imageAlt ?? "" }
        : null,
    plannedFor: ahead ? toWallTime(post.scheduledAt, await userTimeZone(db, post.userId)) : null,
  };
}
