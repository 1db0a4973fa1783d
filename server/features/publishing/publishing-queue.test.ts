import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { PUBLISHING_DETAILS } from "#shared/publishing.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { giveUpPublication, startDeliveryWorkers } from "./delivery.service.ts";
import { createPublishingQueue, DEFAULT_QUEUE_TUNING, JOB_RETRY_LIMIT } from "./publishing-queue.ts";

// The queue's own rules, with real pg-boss workers on the real database: a job whose every retry
// failed settles its post as failed (ADR 0075), and a due batch is claimed post by post, so no more
// posts are "sending" at once than the workers call the network for (ADR 0076).

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp({ overrides: { queueTuning: { ...DEFAULT_QUEUE_TUNING, retryDelaySeconds: 0 } } });
});
afterAll(async () => {
  t.networks.bluesky.releaseHanging();
  await t.close();
});

function planned(userId: string, accountId: string, text: string) {
  return t.insertPublication({ userId, accountId, network: "bluesky", text, due: new Date(Date.now() - 1_000) });
}

describe("the publishing queue", () => {
  it("fails a post with a notice and a mail when every retry of its job failed (the database kept failing)", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "bluesky");
    const post = await planned(userId, accountId, "Datenbank weg");
    const queue = createPublishingQueue(t.deps.jobQueue, t.deps.logger, {
      ...DEFAULT_QUEUE_TUNING,
      retryDelaySeconds: 0,
    });
    await queue.ready();
    await t.db.transaction((tx) => queue.enqueue(tx, post.id, new Date()));
    let tries = 0;
    await queue.startWorkers({
      handle: async () => {
        tries += 1;
        throw new Error("Connection terminated unexpectedly");
      },
      giveUp: (publicationId) => giveUpPublication(t.deps, publicationId),
    });
    await expect
      .poll(async () => (await t.publication(post.id)).status, { timeout: 60_000, interval: 200 })
      .toBe("failed");
    expect(tries).toBe(JOB_RETRY_LIMIT + 1);
    expect((await t.publication(post.id)).detail).toBe(PUBLISHING_DETAILS.stuck);
    const events = await t.db.select().from(notifications).where(eq(notifications.publicationId, post.id));
    expect(events.map((event) => event.kind)).toEqual(["failed"]);
    expect(t.mails.filter((mail) => mail.to.startsWith(userId))).toHaveLength(1);
    await t.deps.publishingQueue.stopWorkers();
  });

  it("claims each post right before its own call: with 50 due posts and the network hanging, only the calls in flight are 'sending'", async () => {
    await t.db.execute(sql`delete from pgboss.job where name = 'publications'`);
    const userId = await t.createUser();
    const accountIds = [];
    for (let index = 0; index < 10; index++) accountIds.push(await t.connectAccount(userId, "bluesky"));
    const posts: (typeof publications.$inferSelect)[] = [];
    for (let index = 0; index < 50; index++)
      posts.push(await planned(userId, accountIds[index % 10] ?? "", `Stau ${index + 1}`));
    for (let index = 0; index < 50; index++) t.networks.bluesky.publishSteps.push({ do: "hang" });
    await t.deps.publishingQueue.ready();
    await t.db.transaction(async (tx) => {
      for (const post of posts) await t.deps.publishingQueue.enqueue(tx, post.id, post.nextAttemptAt);
    });
    const inFlight = DEFAULT_QUEUE_TUNING.batchSize * DEFAULT_QUEUE_TUNING.localConcurrency;
    const sending = async () =>
      (await t.db.select().from(publications).where(eq(publications.status, "sending"))).length;
    const calls = t.networks.bluesky.publishCalls;
    await startDeliveryWorkers(t.deps);
    await expect.poll(() => t.networks.bluesky.publishCalls - calls, { timeout: 30_000, interval: 100 }).toBe(inFlight);
    // Every claimed post is one whose call has started; the other 30 wait unclaimed in the queue.
    expect(await sending()).toBe(inFlight);
    expect(inFlight).toBeLessThanOrEqual(20);
    t.networks.bluesky.releaseHanging();
    await t.db.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
  });
});
