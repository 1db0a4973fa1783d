import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { notifications, publications, publicationThreadPosts, socialAccounts } from "#server/db/schema/publishing.ts";
import { queueSlots } from "#server/db/schema/queue-slots.ts";
import {
  PUBLICATION_STATUS_LABELS,
  type PublicationStatus,
  THREAD_POST_STATUS_LABELS,
} from "#shared/publishing-states.ts";
import { type ExportFile, file, jsonArray, jsonObject, oldestFirst, pagesOf, type Row } from "./export-files.ts";

// veroeffentlichungen.json (ADR 0026, 0053, 0059, 0066): the connected accounts without their
// tokens, the notifications, and every post planned or sent through Postwerk, a thread with each of
// its posts. Columns are listed one by one, so a column added later is not exported unseen.

const POST_COLUMNS = {
  id: publications.id,
  postCount: publications.postCount,
  network: publications.network,
  account: publications.accountHandle,
  text: publications.text,
  imageUrl: publications.imageUrl,
  imageAlt: publications.imageAlt,
  contentWarning: publications.contentWarning,
  scheduledAt: publications.scheduledAt,
  status: publications.status,
  detail: publications.detail,
  failureReason: publications.failureReason,
  failureOriginal: publications.failureOriginal,
  externalUrl: publications.externalUrl,
  sentAt: publications.sentAt,
  createdAt: publications.createdAt,
};

const THREAD_POST_COLUMNS = {
  publicationId: publicationThreadPosts.publicationId,
  position: publicationThreadPosts.position,
  text: publicationThreadPosts.text,
  status: publicationThreadPosts.status,
  sentAt: publicationThreadPosts.sentAt,
  externalUrl: publicationThreadPosts.externalUrl,
};

export function publishingFile(db: Database, userId: string): ExportFile {
  return file("veroeffentlichungen.json", publishingJson(db, userId));
}

async function* publishingJson(db: Database, userId: string): AsyncGenerator<string> {
  yield* jsonObject({
    connectedAccounts: await oldestFirst(db, socialAccounts, eq(socialAccounts.userId, userId), {
      network: socialAccounts.network,
      handle: socialAccounts.handle,
      displayName: socialAccounts.displayName,
      profileUrl: socialAccounts.profileUrl,
      status: socialAccounts.status,
      connectionExpiresAt: socialAccounts.connectionExpiresAt,
      createdAt: socialAccounts.createdAt,
    }),
    // ADR 0092: each account's weekly posting times, in the user's zone.
    queueSlots: await db
      .select({
        network: socialAccounts.network,
        handle: socialAccounts.handle,
        weekday: queueSlots.weekday,
        time: queueSlots.time,
      })
      .from(queueSlots)
      .innerJoin(socialAccounts, eq(socialAccounts.id, queueSlots.accountId))
      .where(eq(socialAccounts.userId, userId))
      .orderBy(asc(socialAccounts.createdAt), asc(queueSlots.weekday), asc(queueSlots.time)),
    notifications: await oldestFirst(db, notifications, eq(notifications.userId, userId), {
      kind: notifications.kind,
      message: notifications.message,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    }),
    // Last, because it is written a page at a time: a thread has up to 25 posts, an account
    // may have planned thousands.
    posts: jsonArray(postsWithTheirThreads(db, userId), (post) => post),
  });
}

/** The account's posts in the order of their planned time, each thread with its posts in order. */
async function* postsWithTheirThreads(db: Database, userId: string): AsyncGenerator<Row> {
  const pages = pagesOf(
    db,
    publications,
    POST_COLUMNS,
    eq(publications.userId, userId),
    publications.scheduledAt,
    publications.id,
  );
  for await (const page of pages) {
    const threadPosts = await threadPostsOf(
      db,
      page.filter((post) => Number(post.postCount) > 1).map((post) => String(post.id)),
    );
    for (const { id, postCount: _count, ...post } of page) {
      yield {
        ...post,
        statusLabel: PUBLICATION_STATUS_LABELS[post.status as PublicationStatus],
        // A single post: null. A thread: `text` above is its first post, all of them are here.
        threadPosts: threadPosts.get(String(id)) ?? null,
      };
    }
  }
}

async function threadPostsOf(db: Database, publicationIds: string[]): Promise<Map<string, Row[]>> {
  const byThread = new Map<string, Row[]>();
  if (publicationIds.length === 0) return byThread;
  const rows = await db
    .select(THREAD_POST_COLUMNS)
    .from(publicationThreadPosts)
    .where(inArray(publicationThreadPosts.publicationId, publicationIds))
    .orderBy(asc(publicationThreadPosts.publicationId), asc(publicationThreadPosts.position));
  for (const { publicationId, ...post } of rows) {
    const posts = byThread.get(publicationId) ?? [];
    posts.push({ ...post, statusLabel: THREAD_POST_STATUS_LABELS[post.status] });
    byThread.set(publicationId, posts);
  }
  return byThread;
}
