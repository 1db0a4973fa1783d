import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publications, publicationThreadPosts, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { createBlueskyNetwork } from "#server/integrations/bluesky/bluesky-network.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { THREAD_INTERRUPTED_EXPLANATION, THREAD_UNCONFIRMED_EXPLANATION } from "#shared/publishing.ts";
import { type BlueskyFake, isValidTid, startBlueskyFake } from "../../../tests/mocks/bluesky-server.ts";
import { signInToBluesky } from "../../../tests/mocks/networks-on-fakes.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { processPublication } from "./delivery.service.ts";
import { createPosts, resendPost } from "./publishing.service.ts";
import { INTERRUPTED_AFTER_MS, sweepPublications } from "./publishing-sweep.ts";
import { SETTLE_AFTER_MS } from "./thread-delivery.ts";
import { createThread, resumeThread } from "./threads.service.ts";

// Threads on Bluesky (ADR 0088): the same exactly-once rules as on X (ADR 0066), with replies that
// cite the thread's root and their parent by URI and CID. The real Bluesky integration against the
// PDS fake at the HTTP boundary, the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// and a clock passed in. The fake stamps posts with the real time, so the clock starts at now.

let fake: BlueskyFake;
let bluesky: SocialNetwork;
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  fake = await startBlueskyFake();
  // Generous: a busy machine must not turn a slow answer into "unbestätigt".
  bluesky = createBlueskyNetwork({ ...fake.settings, timeoutMs: 30_000 });
  t = await createPublishingTestApp({ overrides: { networks: { ...createScriptedNetworks(), bluesky } } });
});
afterEach(() => fake.clearFaults());
afterAll(async () => {
  await t.close();
  await fake.close();
});

const later = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** A user with a Bluesky account of its own on the fake, connected with its app password. */
async function blueskyAuthor(name: string) {
  const userId = await t.createUser();
  const handle = `${name}.bsky.social`;
  fake.addAccount({ handle, appPassword: `${name}-app-pass` });
  const tokens = await signInToBluesky(bluesky, handle, `${name}-app-pass`);
  const identity = await bluesky.identity(tokens);
  const id = crypto.randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    userId,
    network: "bluesky",
    externalId: identity.externalId,
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    ...tokenColumns(t.deps.tokenBox, id, tokens, null),
  });
  return { userId, accountId: id, handle };
}

function thread(prefix: string, count = 5) {
  return Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}/${count}`);
}

/** A thread of five posts for a new author, created now; the clock starts at that now. */
async function startThread(name: string, prefix: string) {
  const author = await blueskyAuthor(name);
  const start = new Date();
  const created = await createThread(
    t.deps,
    author.userId,
    { accountId: author.accountId, posts: thread(prefix) },
    start,
  );
  return { author, start, created };
}

async function threadPosts(publicationId: string) {
  return t.db
    .select()
    .from(publicationThreadPosts)
    .where(eq(publicationThreadPosts.publicationId, publicationId))
    .orderBy(publicationThreadPosts.position);
}

const postStatuses = async (publicationId: string) => (await threadPosts(publicationId)).map((post) => post.status);

const atFake = (prefix: string) => fake.posts.filter((post) => post.text.startsWith(`${prefix} `));

/** Each post at the fake exactly once, each reply citing the thread's first post and the one before. */
function expectChain(prefix: string, count = 5) {
  const posts = atFake(prefix);
  expect(posts.map((post) => post.text)).toEqual(thread(prefix, count));
  const [first] = posts;
  posts.forEach((post, index) => {
    const previous = posts[index - 1];
    expect(post.reply).toEqual(
      index === 0 || !first || !previous
        ? null
        : { root: { uri: first.uri, cid: first.cid }, parent: { uri: previous.uri, cid: previous.cid } },
    );
  });
}

/** The queue's run once the post in doubt may be looked up, after "Fortsetzen" a minute in. */
async function continueThread(userId: string, id: string, start: Date) {
  await resumeThread(t.deps, userId, id, later(start, 60_000));
  const due = (await t.publication(id)).nextAttemptAt;
  expect(due.getTime()).toBeGreaterThanOrEqual(later(start, SETTLE_AFTER_MS).getTime());
  await processPublication(t.deps, id, due);
  expect((await t.publication(id)).status).toBe("sent");
}

/** The trace a server killed during post 3 leaves: the publication and post 3 still "sending". */
async function killedDuringPostThree(publicationId: string, start: Date) {
  await t.db
    .update(publications)
    .set({ status: "sending", detail: null, attemptStartedAt: start })
    .where(eq(publications.id, publicationId));
  await t.db
    .update(publicationThreadPosts)
    .set({ status: "sending", attemptStartedAt: start })
    .where(and(eq(publicationThreadPosts.publicationId, publicationId), eq(publicationThreadPosts.position, 3)));
}

describe("a thread on Bluesky", () => {
  it("goes out once as a reply chain citing root and parent by URI and CID, each post's URI and CID recorded", async () => {
    const { start, created } = await startThread("kette", "Kette");
    await processPublication(t.deps, created.id, start);
    const row = await t.publication(created.id);
    expect([row.status, row.detail]).toEqual(["sent", null]);
    expectChain("Kette");
    const posts = await threadPosts(created.id);
    const sent = atFake("Kette");
    expect(posts.map((post) => [post.status, post.externalId, post.externalCid])).toEqual(
      sent.map((post) => ["sent", post.uri, post.cid]),
    );
    expect(row.externalId).toBe(sent[0]?.uri);
    expect(row.externalUrl).toBe(`https://bsky.app/profile/kette.bsky.social/post/${sent[0]?.id}`);
  });

  it("waits after a 503 or a 429 at post 3 and goes on with post 3 as a reply to post 2, root post 1", async () => {
    const { start, created } = await startThread("warten", "Warten");
    fake.fault({ kind: "server-error" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    const waiting = await t.publication(created.id);
    expect(waiting.status).toBe("planned");
    expect(await postStatuses(created.id)).toEqual(["sent", "sent", "pending", "pending", "pending"]);

    const resetAt = later(start, 15 * 60_000);
    fake.fault({ kind: "rate-limit", resetAt }, { route: "post" });
    await processPublication(t.deps, created.id, waiting.nextAttemptAt);
    const limited = await t.publication(created.id);
    expect(limited.status).toBe("planned");
    expect(limited.nextAttemptAt.getTime()).toBe(Math.ceil(resetAt.getTime() / 1000) * 1000);
    expect(atFake("Warten")).toHaveLength(2);

    await processPublication(t.deps, created.id, limited.nextAttemptAt);
    expect((await t.publication(created.id)).status).toBe("sent");
    expectChain("Warten");
  });

  it("after a lost answer at post 3 is 'unbestätigt'; 'Fortsetzen' finds post 3 under its key and sends 4 and 5 only", async () => {
    const { author, start, created } = await startThread("verloren", "Verloren");
    fake.fault({ kind: "lost-response" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    const row = await t.publication(created.id);
    expect([row.status, row.detail]).toEqual(["unconfirmed", THREAD_UNCONFIRMED_EXPLANATION]);
    expect(await postStatuses(created.id)).toEqual(["sent", "sent", "unconfirmed", "pending", "pending"]);
    expect(atFake("Verloren")).toHaveLength(3);

    const sentBefore = fake.requestsTo("post");
    await continueThread(author.userId, created.id, start);
    // Two more posts, and the lookup that settled post 3.
    expect(fake.requestsTo("post") - sentBefore).toBe(2);
    expect(fake.requestsTo("timeline")).toBeGreaterThan(0);
    expectChain("Verloren");
    const post3 = (await threadPosts(created.id))[2];
    expect([post3?.externalId, post3?.externalCid]).toEqual([atFake("Verloren")[2]?.uri, atFake("Verloren")[2]?.cid]);
  });

  it("sends post 3 once more when the lookup does not find it (the PDS never stored it)", async () => {
    const { author, start, created } = await startThread("nachschau", "Nachschau");
    fake.fault({ kind: "lost-response" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    expect((await t.publication(created.id)).status).toBe("unconfirmed");
    const lost = fake.posts.findIndex((post) => post.text === "Nachschau 3/5");
    const [neverStored] = fake.posts.splice(lost, 1);

    const sentBefore = fake.requestsTo("post");
    await continueThread(author.userId, created.id, start);
    expect(fake.requestsTo("post") - sentBefore).toBe(3);
    expectChain("Nachschau");
    // Sent again under the key of the lost try (ADR 0119): had that try reached the PDS late, the
    // PDS would have refused one of the two.
    expect(atFake("Nachschau")[2]?.uri).toBe(neverStored?.uri);
  });

  it("a failed lookup settles nothing: no post is sent, the thread waits and looks again", async () => {
    const { author, start, created } = await startThread("blind", "Blind");
    fake.fault({ kind: "lost-response" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    await resumeThread(t.deps, author.userId, created.id, later(start, 60_000));
    const due = (await t.publication(created.id)).nextAttemptAt;
    fake.fault({ kind: "server-error" }, { route: "timeline" });
    const sentBefore = fake.requestsTo("post");
    await processPublication(t.deps, created.id, due);
    expect(fake.requestsTo("post")).toBe(sentBefore);
    expect(await postStatuses(created.id)).toEqual(["sent", "sent", "unconfirmed", "pending", "pending"]);
    const retried = await t.publication(created.id);
    expect(retried.status).toBe("planned");

    await processPublication(t.deps, created.id, retried.nextAttemptAt);
    expect((await t.publication(created.id)).status).toBe("sent");
    expectChain("Blind");
  });

  it("after a server was killed between sending post 3 and recording it, sends post 3 never again", async () => {
    const { author, start, created } = await startThread("getoetet", "Getoetet");
    fake.fault({ kind: "lost-response" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    await killedDuringPostThree(created.id, start);
    expect(atFake("Getoetet")).toHaveLength(3);

    // A job finds the attempt running and leaves it; the sweep finds it cut off (ADR 0075).
    await processPublication(t.deps, created.id, later(start, 60_000));
    expect((await t.publication(created.id)).status).toBe("sending");
    await sweepPublications(t.deps, later(start, INTERRUPTED_AFTER_MS + 60_000));
    const interrupted = await t.publication(created.id);
    expect([interrupted.status, interrupted.detail]).toEqual(["unconfirmed", THREAD_INTERRUPTED_EXPLANATION]);
    expect((await threadPosts(created.id))[2]?.status).toBe("unconfirmed");

    await continueThread(author.userId, created.id, start);
    expectChain("Getoetet");
  });

  it("after a server was killed before post 3 reached Bluesky, sends post 3 once when continued", async () => {
    const { author, start, created } = await startThread("vorher", "Vorher");
    fake.fault({ kind: "server-error" }, { route: "post", after: 2 });
    await processPublication(t.deps, created.id, start);
    await killedDuringPostThree(created.id, start);
    await sweepPublications(t.deps, later(start, INTERRUPTED_AFTER_MS + 60_000));
    expect((await t.publication(created.id)).status).toBe("unconfirmed");

    await continueThread(author.userId, created.id, start);
    expectChain("Vorher");
  });
});

describe("a single post on Bluesky", () => {
  it("keeps its record key for 'Erneut senden': a post in doubt that did arrive is then sent, not made twice", async () => {
    const author = await blueskyAuthor("einzeln");
    const start = new Date();
    const [post] = await createPosts(
      t.deps,
      author.userId,
      { targets: [{ accountId: author.accountId, text: "Einmal" }] },
      start,
    );
    if (!post) throw new Error("kein Beitrag");
    fake.fault({ kind: "lost-response" }, { route: "post" });
    await processPublication(t.deps, post.id, start);
    const doubted = await t.publication(post.id);
    expect(doubted.status).toBe("unconfirmed");
    expect(isValidTid(doubted.networkPostKey)).toBe(true);

    // The owner overlooked it on the profile and sends it again.
    await resendPost(t.deps, author.userId, post.id, true, later(start, 60_000));
    await processPublication(t.deps, post.id, later(start, 60_000));
    const sent = await t.publication(post.id);
    const made = fake.posts.filter((candidate) => candidate.text === "Einmal");
    expect(made).toHaveLength(1);
    expect([sent.status, sent.externalId, sent.networkPostKey]).toEqual(["sent", made[0]?.uri, doubted.networkPostKey]);
  });
});
