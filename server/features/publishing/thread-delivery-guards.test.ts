import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { THREAD_UNCONFIRMED_EXPLANATION } from "#shared/publishing.ts";
import { failureText } from "#shared/publishing-failures.ts";
import type { ThreadPostStatus } from "#shared/publishing-states.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { processPublication } from "./delivery.service.ts";
import { SETTLE_AFTER_MS } from "./thread-delivery.ts";

// The guards of sending a thread (ADR 0066, 0074) that the X-fake tests in thread-delivery.test.ts
// do not reach: a thread without posts, a worker that lost its attempt mid-thread, a post answered
// "in steps", and a post in doubt that may not be looked up yet or cannot be looked up at all.
// Threads are written straight into the database; scripted networks, a clock passed in.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date("2026-11-18T09:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

type PostRow = { status?: ThreadPostStatus; externalId?: string; attemptStartedAt?: Date };

/** A planned thread on scripted X, due at NOW, with these posts (pending unless said otherwise). */
async function threadOf(prefix: string, posts: PostRow[]) {
  const userId = await t.createUser();
  const accountId = await t.connectAccount(userId, "x");
  const row = await t.insertPublication({
    userId,
    accountId,
    network: "x",
    text: `${prefix} 1/${posts.length}`,
    due: NOW,
    postCount: Math.max(posts.length, 2),
  });
  if (posts.length > 0)
    await t.db.insert(publicationThreadPosts).values(
      posts.map((post, index) => ({
        publicationId: row.id,
        position: index + 1,
        text: `${prefix} ${index + 1}/${posts.length}`,
        status: post.status ?? "pending",
        externalId: post.externalId ?? null,
        externalUrl: post.externalId ? `https://x.example/posts/${post.externalId}` : null,
        attemptStartedAt: post.attemptStartedAt ?? null,
      })),
    );
  return row;
}

const statusesOf = async (publicationId: string) =>
  (
    await t.db
      .select()
      .from(publicationThreadPosts)
      .where(eq(publicationThreadPosts.publicationId, publicationId))
      .orderBy(publicationThreadPosts.position)
  ).map((post) => post.status);
const arrived = (prefix: string) => t.networks.x.received.filter((post) => post.text.startsWith(prefix));

/** Gives scripted X a lookup for the length of `run`. */
async function withLookup(findPost: NonNullable<SocialNetwork["findPost"]>, run: () => Promise<void>) {
  t.networks.x.findPost = findPost;
  try {
    await run();
  } finally {
    delete t.networks.x.findPost;
  }
}

describe("a thread", () => {
  it("without posts fails as rejected instead of counting as sent", async () => {
    const row = await threadOf("Leer", []);
    await processPublication(t.deps, row.id, NOW);
    expect(await t.publication(row.id)).toMatchObject({
      status: "failed",
      detail: failureText("unknown", "X"),
      failureOriginal: "Thread ohne Beiträge",
    });
  });

  it("stops at once when its worker lost the attempt mid-thread, and leaves the new state alone", async () => {
    const row = await threadOf("Übernommen", [{}, {}, {}]);
    const publish = t.networks.x.publish.bind(t.networks.x);
    const spy = vi.spyOn(t.networks.x, "publish").mockImplementationOnce(async (tokens, identity, input) => {
      const answer = await publish(tokens, identity, input);
      // While post 1 was on its way, the sweep took the attempt as cut off.
      await t.db.update(publications).set({ status: "unconfirmed" }).where(eq(publications.id, row.id));
      return answer;
    });
    try {
      await processPublication(t.deps, row.id, NOW);
    } finally {
      spy.mockRestore();
    }
    expect(arrived("Übernommen").map((post) => post.text)).toEqual(["Übernommen 1/3"]);
    expect(await statusesOf(row.id)).toEqual(["sent", "pending", "pending"]);
    expect((await t.publication(row.id)).status).toBe("unconfirmed");
  });

  it("is in doubt when a post is answered 'in steps': that post is kept for the lookup, the rest wait", async () => {
    const row = await threadOf("Schritte", [{}, {}, {}]);
    t.networks.x.publishSteps.push({ do: "succeed" }, { do: "pending", checkAfterMs: 10_000 });
    await processPublication(t.deps, row.id, NOW);
    const stopped = await t.publication(row.id);
    expect(stopped).toMatchObject({ status: "unconfirmed", detail: THREAD_UNCONFIRMED_EXPLANATION });
    expect(await statusesOf(row.id)).toEqual(["sent", "unconfirmed", "pending"]);
  });
});

describe("a thread's tokens", () => {
  it("are refreshed once per attempt: a 401 on a later post after the refresh means the grant is gone", async () => {
    const row = await threadOf("Zweimal abgelehnt", [{}, {}, {}]);
    const refreshes = t.networks.x.refreshCalls.length;
    t.networks.x.publishSteps.push({ do: "fail", kind: "revoked" }, { do: "succeed" }, { do: "fail", kind: "revoked" });
    await processPublication(t.deps, row.id, NOW);
    expect(t.networks.x.refreshCalls.length).toBe(refreshes + 1);
    expect(await t.publication(row.id)).toMatchObject({
      status: "failed",
      detail: failureText("token-invalid", "X"),
    });
    expect(arrived("Zweimal abgelehnt").map((post) => post.text)).toEqual(["Zweimal abgelehnt 1/3"]);
  });
});

describe("a thread's post in doubt, when the thread goes on", () => {
  const startedAt = NOW;
  const askableAt = later(SETTLE_AFTER_MS);

  it("waits until it may be looked up, without counting an attempt, and sends nothing meanwhile", async () => {
    const row = await threadOf("Zu früh", [
      { status: "sent", externalId: "x-früh-1" },
      { status: "unconfirmed", attemptStartedAt: startedAt },
      {},
    ]);
    const findPost = vi.fn<NonNullable<SocialNetwork["findPost"]>>();
    await withLookup(findPost, () => processPublication(t.deps, row.id, new Date(askableAt.getTime() - 1)));
    expect(findPost).not.toHaveBeenCalled();
    expect(await t.publication(row.id)).toMatchObject({ status: "planned", attempts: 0, nextAttemptAt: askableAt });
    expect(arrived("Zu früh")).toEqual([]);
  });

  it("is looked up once it may be, replying to the post before it, from a little before its attempt", async () => {
    const row = await threadOf("Gefunden", [
      { status: "sent", externalId: "x-gef-1" },
      { status: "unconfirmed", attemptStartedAt: startedAt },
      {},
    ]);
    const findPost = vi.fn<NonNullable<SocialNetwork["findPost"]>>(async () => ({
      externalId: "x-gef-2",
      url: "https://x.example/posts/x-gef-2",
    }));
    await withLookup(findPost, () => processPublication(t.deps, row.id, askableAt));
    expect(findPost).toHaveBeenCalledTimes(1);
    expect(findPost.mock.calls[0]?.[2]).toEqual({
      text: "Gefunden 2/3",
      replyTo: "x-gef-1",
      since: new Date(startedAt.getTime() - 5 * 60_000),
      // X takes no name of ours for a post (ADR 0119).
      postKey: null,
    });
    expect((await t.publication(row.id)).status).toBe("sent");
    expect(arrived("Gefunden").map((post) => post.text)).toEqual(["Gefunden 3/3"]);
    expect(await statusesOf(row.id)).toEqual(["sent", "sent", "sent"]);
  });

  it("stays in doubt on a network that cannot look posts up, and is never sent twice", async () => {
    const row = await threadOf("Blind", [
      { status: "sent", externalId: "x-blind-1" },
      { status: "unconfirmed", attemptStartedAt: startedAt },
      {},
    ]);
    await processPublication(t.deps, row.id, askableAt);
    expect((await t.publication(row.id)).status).toBe("unconfirmed");
    expect(await statusesOf(row.id)).toEqual(["sent", "unconfirmed", "pending"]);
    expect(arrived("Blind")).toEqual([]);
  });
});
