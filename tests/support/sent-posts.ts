import { postMetricSnapshots } from "#server/db/schema/metrics.ts";
import { publications } from "#server/db/schema/publishing.ts";
import type { PostFigures } from "#shared/metrics.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { RunningApp } from "../setup/test-app.ts";

// A sent post with its figures, written straight into the tables the metrics schedule fills
// (ADR 0104), for the tests of what the product makes of them (ADR 0106, 0114). One snapshot at the
// first round; `deleted` marks it deleted on the network, `postCount` > 1 makes it a thread.

type SeededPost = {
  network?: NetworkId;
  text: string;
  figures?: Partial<PostFigures> | null;
  postCount?: number;
  deleted?: boolean;
};

let minute = 0;

export async function seedSentPost(app: Pick<RunningApp, "db">, userId: string, post: SeededPost): Promise<string> {
  minute += 1;
  const sentAt = new Date(Date.UTC(2026, 10, 2, 9, minute));
  const network = post.network ?? "x";
  const [row] = await app.db
    .insert(publications)
    .values({
      userId,
      batchId: crypto.randomUUID(),
      network,
      accountHandle: "anna",
      text: post.text,
      scheduledAt: sentAt,
      nextAttemptAt: sentAt,
      sentAt,
      status: "sent",
      postCount: post.postCount ?? 1,
    })
    .returning({ id: publications.id });
  const id = row?.id ?? "";
  if (post.figures !== null) {
    const figures = post.figures ?? {};
    await app.db.insert(postMetricSnapshots).values({
      publicationId: id,
      userId,
      position: 1,
      round: 0,
      takenAt: new Date(sentAt.getTime() + 15 * 60_000),
      deleted: post.deleted ?? false,
      likes: figures.likes ?? 0,
      reposts: figures.reposts ?? 0,
      replies: figures.replies ?? 0,
      quotes: figures.quotes ?? 0,
      bookmarks: figures.bookmarks ?? null,
      views: figures.views ?? null,
    });
  }
  return id;
}
