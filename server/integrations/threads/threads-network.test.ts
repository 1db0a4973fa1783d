import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  NetworkIdentity,
  PostLookup,
  PublishOutcome,
  TokenSet,
} from "#server/integrations/social/social-network.ts";
import { threadsOnFake } from "../../../tests/mocks/networks-on-fakes.ts";
import { connectThroughFake, networkFailure, publishedPost } from "../../../tests/mocks/social-fake.ts";
import type { ThreadsFake } from "../../../tests/mocks/threads-server.ts";
import { CONTAINER_CHECK_MS, THREADS_REFRESH_AHEAD_MS } from "./threads-network.ts";

// Threads' own cases (ADR 0098): long-lived tokens, containers in steps, the daily limits, reply
// chains and the lookup of a post whose answer was lost. The shared cases: network-contract.test.ts.

let onFake: Awaited<ReturnType<typeof threadsOnFake>>;
let fake: ThreadsFake;
let tokens: TokenSet;
let identity: NetworkIdentity;

beforeAll(async () => {
  onFake = await threadsOnFake();
  fake = onFake.fake as unknown as ThreadsFake;
  tokens = await connectThroughFake(onFake.network, "lena");
  identity = await onFake.network.identity(tokens);
});
afterEach(() => {
  fake.clearFaults();
  fake.setUsage({ posts: 0, replies: 0 });
});
afterAll(() => fake.close());

const publish = (text: string, replyTo: string | null = null) =>
  onFake.network.publish(tokens, identity, {
    text,
    images: [],
    replyTo: replyTo ? { parent: { externalId: replyTo, cid: null }, root: { externalId: replyTo, cid: null } } : null,
  });
const continueWith = (continuation: string) => {
  if (!onFake.network.continuePublish) throw new Error("Threads veröffentlicht in Schritten");
  return onFake.network.continuePublish(tokens, identity, continuation);
};
const findPost = (lookup: PostLookup) => {
  if (!onFake.network.findPost) throw new Error("Threads sieht nach");
  return onFake.network.findPost(tokens, identity, lookup);
};
const pending = (outcome: PublishOutcome) => {
  if (outcome.status !== "pending") throw new Error(`pending erwartet, bekommen: ${outcome.status}`);
  return outcome;
};

describe("Threads: connecting", () => {
  it("exchanges the code for a long-lived token of 60 days and reads who the account is", () => {
    const days = ((tokens.accessTokenExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(tokens.refreshToken).toBeNull();
    expect(identity).toMatchObject({ handle: "@lena", displayName: "Fake lena", profileUrl: `${fake.url}/@lena` });
  });

  it("renews the token once it is a day old, and not while it is young", async () => {
    expect(onFake.network.refreshAheadMs).toBe(THREADS_REFRESH_AHEAD_MS);
    // 60 days are left right after connecting: more than the renewal threshold.
    expect((tokens.accessTokenExpiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(THREADS_REFRESH_AHEAD_MS);
    const before = fake.refreshCount();
    const fresh = await onFake.network.refresh(tokens);
    expect(fake.refreshCount()).toBe(before + 1);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(await onFake.network.identity(fresh)).toMatchObject({ handle: "@lena" });
  });

  it("reads Meta's code 190 (a 400) as a revoked grant, for a refresh and a post", async () => {
    const other = await connectThroughFake(onFake.network, "weg");
    const otherIdentity = await onFake.network.identity(other);
    fake.revoke("weg");
    expect((await networkFailure(onFake.network.refresh(other))).kind).toBe("revoked");
    const refused = await networkFailure(onFake.network.publish(other, otherIdentity, { text: "Nein", images: [] }));
    expect(refused.kind).toBe("revoked");
  });
});

describe("Threads: publishing in steps", () => {
  it("publishes at once when the container is FINISHED, with its permalink", async () => {
    const post = await publishedPost(publish("Sofort fertig"));
    expect(post.url).toBe(`${fake.url}/@lena/post/${post.externalId}`);
    expect(onFake.storedPost(post.externalId)?.text).toBe("Sofort fertig");
  });

  it("hands an IN_PROGRESS container back to the queue and publishes it once FINISHED", async () => {
    fake.nextContainer(["IN_PROGRESS", "IN_PROGRESS", "FINISHED"]);
    const first = pending(await publish("In Arbeit"));
    expect(first.checkAfterMs).toBe(CONTAINER_CHECK_MS);
    expect(fake.posts.filter((post) => post.text === "In Arbeit")).toHaveLength(0);
    const second = pending(await continueWith(first.continuation));
    const done = await publishedPost(continueWith(second.continuation));
    expect(fake.posts.filter((post) => post.text === "In Arbeit").map((post) => post.id)).toEqual([done.externalId]);
  });

  it("fails a container that ends in ERROR with a German reason", async () => {
    fake.nextContainer(["IN_PROGRESS", "ERROR"]);
    const first = pending(await publish("Kaputt"));
    const error = await networkFailure(continueWith(first.continuation));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toMatch(/^Threads konnte den Beitrag nicht verarbeiten/);
  });

  it("fails an EXPIRED container (not published within 24 hours) with a German reason", async () => {
    fake.nextContainer(["IN_PROGRESS", "EXPIRED"]);
    const first = pending(await publish("Zu spät"));
    const error = await networkFailure(continueWith(first.continuation));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toMatch(/abgelaufen.*24 Stunden/);
  });

  it("gives up after five looks at a container that stays IN_PROGRESS (Meta: five minutes)", async () => {
    fake.nextContainer(["IN_PROGRESS"]);
    let step = pending(await publish("Ewig"));
    for (let look = 0; look < 3; look++) step = pending(await continueWith(step.continuation));
    const error = await networkFailure(continueWith(step.continuation));
    expect(error.detail).toMatch(/fünf Minuten/);
  });
});

describe("Threads: the daily limits", () => {
  it("refuses to send once 250 posts are used, until the oldest leaves the 24 hours", async () => {
    await publishedPost(publish("Der älteste des Tages"));
    fake.setUsage({ posts: 250 });
    const error = await networkFailure(publish("Einer zu viel"));
    expect(error.kind).toBe("rate-limited");
    expect(error.reason).toBe("usage-limit");
    const firstInWindow = Math.min(...fake.posts.filter((post) => !post.inReplyTo).map((p) => p.createdAt.getTime()));
    // Meta's timestamps are whole seconds.
    expect(error.retryAt?.getTime()).toBe(Math.floor(firstInWindow / 1000) * 1000 + 86_400_000 + 60_000);
    expect(fake.posts.some((post) => post.text === "Einer zu viel")).toBe(false);
  });

  it("counts replies against their own 1,000", async () => {
    const root = await publishedPost(publish("Wurzel"));
    fake.setUsage({ posts: 250, replies: 0 });
    expect(
      (await publishedPost(publish("Antwort trotz vollem Beitragslimit", root.externalId))).externalId,
    ).toBeTruthy();
    fake.setUsage({ posts: 0, replies: 1000 });
    expect((await networkFailure(publish("Antwort zu viel", root.externalId))).kind).toBe("rate-limited");
  });
});

describe("Threads: reply chains", () => {
  it("answers the previous post with reply_to_id; a reply whose container is not ready is not sent", async () => {
    const root = await publishedPost(publish("Teil 1"));
    const reply = await publishedPost(publish("Teil 2", root.externalId));
    expect(onFake.storedPost(reply.externalId)).toMatchObject({ inReplyTo: root.externalId });
    fake.nextContainer(["IN_PROGRESS"]);
    const notReady = await networkFailure(publish("Teil 3", reply.externalId));
    expect(notReady.kind).toBe("unavailable");
    expect(fake.posts.some((post) => post.text === "Teil 3")).toBe(false);
  });

  it("finds a post whose answer was lost: the first by its text, a reply by the post it answers", async () => {
    const since = new Date(Date.now() - 60_000);
    fake.fault({ kind: "lost-response" }, { route: "post" });
    expect((await networkFailure(publish("Verloren gegangen"))).kind).toBe("outcome-unknown");
    const found = await findPost({ text: "Verloren gegangen", replyTo: null, since });
    expect(onFake.storedPost(found?.externalId ?? "")?.text).toBe("Verloren gegangen");
    fake.fault({ kind: "lost-response" }, { route: "post" });
    await networkFailure(publish("Antwort verloren", found?.externalId ?? ""));
    const reply = await findPost({
      text: "Antwort verloren",
      replyTo: found?.externalId ?? "",
      since,
    });
    expect(onFake.storedPost(reply?.externalId ?? "")?.text).toBe("Antwort verloren");
    const none = await findPost({ text: "Nie gesendet", replyTo: null, since });
    expect(none).toBeNull();
  });
});

describe("Threads: images", () => {
  it("refuses an image in German when Postwerk has no public address for Meta to fetch it from", async () => {
    const local = (await import("./threads-network.ts")).createThreadsNetwork({
      ...fake.settings,
      publicImages: false,
      timeoutMs: 5_000,
    });
    const image = {
      bytes: new Uint8Array([1, 2, 3]),
      mimeType: "image/png",
      altText: "",
      publicUrl: `${fake.url}/uploads/x.png`,
    };
    const error = await networkFailure(local.publish(tokens, identity, { text: "Mit Bild", images: [image] }));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toMatch(/öffentlich/);
  });
});
