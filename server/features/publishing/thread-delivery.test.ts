import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publications, publicationThreadPosts, publishingCaps, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { createXNetwork } from "#server/integrations/x/x-network.ts";
import { THREAD_INTERRUPTED_EXPLANATION, THREAD_UNCONFIRMED_EXPLANATION } from "#shared/publishing.ts";
import { connectThroughFake } from "../../../tests/mocks/social-fake.ts";
import { startXFake, type XFake } from "../../../tests/mocks/x-server.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { MAX_ATTEMPTS, processPublication } from "./delivery.service.ts";
import { INTERRUPTED_AFTER_MS, sweepPublications } from "./publishing-sweep.ts";
import { SETTLE_AFTER_MS } from "./thread-delivery.ts";
import { createThread, resumeThread } from "./threads.service.ts";

// Threads as chains of replies, exactly once per post (ADR 0066): the real X integration against
// the X fake at the HTTP boundary, the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// and a clock passed in. The fake stamps posts with the real time, so the clock starts at now.

let fake: XFake;
let x: SocialNetwork;
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  fake = await startXFake();
  // Generous: a busy machine must not turn a slow answer into "unbestätigt".
  x = createXNetwork({ ...fake.settings, timeoutMs: 30_000 });
  t = await createPublishingTestApp({ overrides: { networks: { ...createScriptedNetworks(), x } } });
});
afterEach(() => fake.clearFaults());
afterAll(async () => {
  await t.close();
  await fake.close();
});

const later = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** A user with an X account connected through the fake's OAuth round trip. */
async function xAuthor(username: string) {
  const userId = await t.createUser();
  const tokens = await connectThroughFake(x, username);
  const identity = await x.identity(tokens);
  const id = crypto.randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    userId,
    network: "x",
    externalId: identity.externalId,
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    ...tokenColumns(t.deps.tokenBox, id, tokens, null),
  });
  return { userId, accountId: id, username };
}

/** A thread of five posts for a new author, created now; the clock starts at that now. */
async function startThread(username: string, prefix: string) {
  const author = await xAuthor(username);
  const start = new Date();
  const created = await createThread(
    t.deps,
    author.userId,
    { accountId: author.accountId, posts: thread(prefix) },
    start,
  );
  return { author, start, created };
}

/** "Fortsetzen" a minute after the attempt; the queue's run once the post in doubt may be looked up. */
async function continueThread(userId: string, id: string, start: Date) {
  await resumeThread(t.deps, userId, id, later(start, 60_000));
  const due = (await t.publication(id)).nextAttemptAt;
  expect(due.getTime()).toBeGreaterThanOrEqual(later(start, SETTLE_AFTER_MS).getTime());
  await processPublication(t.deps, id, due);
  expect((await t.publication(id)).status).toBe("sent");
}

function thread(prefix: string, count = 5) {
  return Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}/${count}`);
}

async function threadPosts(publicationId: string) {
  return t.db
    .select()
    .from(publicationThreadPosts)
    .where(eq(publicationThreadPosts.publicationId, publicationId))
    .orderBy(publicationThreadPosts.position);
}

const postStatuses = async (publicationId: string) => (await threadPosts(publicationId)).map((post) => post.status);

const atFake = (prefix: string) => fake.posts.filter((post) => post.text.startsWith(prefix));

/** Each post at the fake replies to the one before; the first to none. */
function expectChain(prefix: string, count: number) {
  const posts = atFake(prefix);
  expect(posts.map((post) => post.text)).toEqual(thread(prefix, count));
  posts.forEach((post, index) => {
    expect(post.inReplyTo).toBe(index === 0 ? null : posts[index - 1]?.id);
  });
}

describe("a thread on X", () => {
  it("goes out in order as a chain of replies, each post's id recorded, the first post's link on the thread", async () => {
    const { start, created } = await startThread("kette", "Kette");
    expect(created.thread).toMatchObject({ sent: 0, total: 5, progressLabel: "0 von 5 gesendet", resumable: false });

    await processPublication(t.deps, created.id, start);
    const row = await t.publication(created.id);
    expect([row.status, row.detail]).toEqual(["sent", null]);
    expectChain("Kette", 5);
    const posts = await threadPosts(created.id);
    expect(posts.map((post) => post.status)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
    expect(posts.map((post) => post.externalId)).toEqual(atFake("Kette").map((post) => post.id));
    expect(row.externalUrl).toBe(`${fake.url}/kette/status/${posts[0]?.externalId}`);
  });

  it("after a 503 at post 3 waits with '2 von 5 gesendet' and goes on with post 3 as a reply to post 2", async () => {
    const { start, created } = await startThread("fuenfhundertdrei", "Retry");
    fake.fault({ kind: "server-error" }, { route: "post", after: 2 });

    await processPublication(t.deps, created.id, start);
    const waiting = await t.publication(created.id);
    expect(waiting.status).toBe("planned");
    expect(await postStatuses(created.id)).toEqual(["sent", "sent", "pending", "pending", "pending"]);
    expect(atFake("Retry")).toHaveLength(2);

    await processPublication(t.deps, created.id, waiting.nextAttemptAt);
    expect((await t.publication(created.id)).status).toBe("sent");
    expectChain("Retry", 5);
  });

  it("stops as 'Fehlgeschlagen' with 2 of 5 sent after too many 503s; 'Fortsetzen' sends 3 to 5 only, replying to post 2", async () => {
    const { author, start, created } = await startThread("fortsetzen", "Resume");
    fake.fault({ kind: "server-error" }, { route: "post", after: 2, times: MAX_ATTEMPTS });
    let now = start;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await processPublication(t.deps, created.id, now);
      now = (await t.publication(created.id)).nextAttemptAt;
    }
    expect((await t.publication(created.id)).status).toBe("failed");
    const partial = await resumeThread(t.deps, author.userId, created.id, now);
    expect(partial.thread).toMatchObject({ sent: 2, total: 5, progressLabel: "2 von 5 gesendet", resumable: false });
    expect(partial.status).toBe("planned");

    await processPublication(t.deps, created.id, now);
    const row = await t.publication(created.id);
    expect(row.status).toBe("sent");
    expectChain("Resume", 5);
    // The posts sent before the stop count as they were recorded: the thread's link stays post 1's.
    const first = (await threadPosts(created.id))[0];
    expect(row.externalUrl).toBe(`${fake.url}/fortsetzen/status/${first?.externalId}`);
  });

  it("fails at post 3 when the token is revoked, keeps 2 of 5 sent and asks to reconnect", async () => {
    const { author, start, created } = await startThread("widerrufen", "Revoke");
    // Refused again after the one refresh that a 401 gets: the grant is gone.
    fake.fault({ kind: "unauthorized" }, { route: "post", after: 2, times: 2 });
    await processPublication(t.deps, created.id, start);
    expect((await t.publication(created.id)).status).toBe("failed");
    expect((await t.account(author.accountId))?.status).toBe("reconnect_required");
    expect(await postStatuses(created.id)).toEqual(["sent", "sent", "pending", "pending", "pending"]);
    expect(atFake("Revoke")).toHaveLength(2);
  });

  it("refuses to resume a thread whose account was disconnected, instead of planning it to fail", async () => {
    const { author, start, created } = await startThread("getrennt", "Getrennt");
    fake.fault({ kind: "unauthorized" }, { route: "post", after: 2, times: 2 });
    await processPublication(t.deps, created.id, start);
    expect((await t.publication(created.id)).status).toBe("failed");
    await t.db.delete(socialAccounts).where(eq(socialAccounts.id, author.accountId));
    await expect(resumeThread(t.deps, author.userId, created.id, later(start, 1_000))).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
    });
    expect((await t.publication(created.id)).status).toBe("failed");
  });

  it("after a lost answer at post 3 is 'unbestätigt'; 'Fortsetzen' finds post 3 on X and sends 4 and 5 only", async () => {
    const { author, start, created } = await startThread("verloren", "Lost");
    fake.fault({ kind: "lost-response" }, { route: "post", after: 2 });

    await processPublication(t.deps, created.id, start);
    const row = await t.publication(created.id);
    expect(row.status).toBe("unconfirmed");
    expect(row.detail).toBe(THREAD_UNCONFIRMED_EXPLANATION);
    expect(await postStatuses(created.id)).toEqual(["sent", "sent", "unconfirmed", "pending", "pending"]);
    expect(atFake("Lost")).toHaveLength(3);

    const resumed = await resumeThread(t.deps, author.userId, created.id, later(start, 1_000));
    // The network is asked only once the lost attempt cannot still be on its way.
    const dueAt = (await t.publication(created.id)).nextAttemptAt;
    const postStarted = (await threadPosts(created.id))[2]?.attemptStartedAt?.getTime() ?? Number.NaN;
    expect(dueAt.getTime()).toBe(postStarted + SETTLE_AFTER_MS);
    expect(resumed.status).toBe("planned");
    await processPublication(t.deps, created.id, later(start, 1_000));
    expect((await t.publication(created.id)).status).toBe("planned");

    await processPublication(t.deps, created.id, dueAt);
    expect((await t.publication(created.id)).status).toBe("sent");
    expectChain("Lost", 5);
    const posts = await threadPosts(created.id);
    expect(posts[2]?.externalId).toBe(atFake("Lost")[2]?.id);
  });

  it("after a server was killed between sending post 3 and recording it, sends post 3 never again", async () => {
    const { author, start, created } = await startThread("getoetet", "Kill");
    // The killed server's trace: posts 1 and 2 recorded, post 3 claimed and sent, its id never written.
    fake.fault({ kind: "lost-response" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    await t.db.update(publications).set({ status: "sending", detail: null }).where(eq(publications.id, created.id));
    await t.db
      .update(publicationThreadPosts)
      .set({ status: "sending" })
      .where(and(eq(publicationThreadPosts.publicationId, created.id), eq(publicationThreadPosts.position, 3)));
    expect(atFake("Kill")).toHaveLength(3);

    // A job finds the attempt running and leaves it; the sweep finds it cut off (ADR 0075).
    await processPublication(t.deps, created.id, later(start, 60_000));
    expect((await t.publication(created.id)).status).toBe("sending");
    await sweepPublications(t.deps, later(start, INTERRUPTED_AFTER_MS + 60_000));
    const interrupted = await t.publication(created.id);
    expect(interrupted.status).toBe("unconfirmed");
    expect(interrupted.detail).toBe(THREAD_INTERRUPTED_EXPLANATION);
    expect((await threadPosts(created.id))[2]?.status).toBe("unconfirmed");

    await continueThread(author.userId, created.id, start);
    expectChain("Kill", 5);
  });

  it("after a server was killed before post 3 reached X, sends post 3 once when continued", async () => {
    const { author, start, created } = await startThread("vorher", "Vorher");
    // Posts 1 and 2 go out; the 503 on post 3 leaves it pending, then the trace of a kill right after its claim.
    fake.fault({ kind: "server-error" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    await t.db
      .update(publications)
      .set({ status: "sending", attemptStartedAt: start })
      .where(eq(publications.id, created.id));
    await t.db
      .update(publicationThreadPosts)
      .set({ status: "sending", attemptStartedAt: start })
      .where(and(eq(publicationThreadPosts.publicationId, created.id), eq(publicationThreadPosts.position, 3)));
    await sweepPublications(t.deps, later(start, INTERRUPTED_AFTER_MS + 60_000));
    expect((await t.publication(created.id)).status).toBe("unconfirmed");

    await continueThread(author.userId, created.id, start);
    expectChain("Vorher", 5);
  });
});

describe("caps and limits count a thread's posts", () => {
  afterEach(async () => {
    await t.db.delete(publishingCaps);
  });

  it("a thread of 3 takes 3 of the month's posts: with a cap of 4 one more post fits, a second thread does not", async () => {
    await t.db.insert(publishingCaps).values({ plan: "free", network: "x", monthlyMax: 4 });
    const author = await xAuthor("kontingent");
    await createThread(t.deps, author.userId, { accountId: author.accountId, posts: thread("Cap", 3) });
    await expect(
      createThread(t.deps, author.userId, { accountId: author.accountId, posts: thread("Cap zwei", 2) }),
    ).rejects.toMatchObject({ code: "PUBLISHING_CAP_REACHED", status: 409 });
    const rows = await t.db.select().from(publications).where(eq(publications.userId, author.userId));
    expect(rows.map((row) => row.postCount)).toEqual([3]);
  });

  it("refuses before sending when the posts already sent and the thread's would pass the cap", async () => {
    const author = await xAuthor("vorsenden");
    const start = new Date();
    const created = await createThread(
      t.deps,
      author.userId,
      { accountId: author.accountId, posts: thread("Gesenkt", 3) },
      start,
    );
    await t.db.insert(publishingCaps).values({ plan: "free", network: "x", monthlyMax: 2 });
    await processPublication(t.deps, created.id, start);
    const row = await t.publication(created.id);
    expect(row.status).toBe("failed");
    expect(row.detail).toMatch(/höchstens 2 Beiträge/);
    expect(atFake("Gesenkt")).toHaveLength(0);
  });
});
