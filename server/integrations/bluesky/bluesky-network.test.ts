import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, PublishedPost, TokenSet } from "#server/integrations/social/social-network.ts";
import { FAKE_BLUESKY_ACCOUNT, isValidTid } from "../../../tests/mocks/bluesky-server.ts";
import { blueskyOnFake, signInToBluesky } from "../../../tests/mocks/networks-on-fakes.ts";
import { networkFailure, publishedPost } from "../../../tests/mocks/social-fake.ts";
import { newRecordKey } from "./bluesky-network.ts";

// Bluesky's own ways; what all networks do alike (images, deleting, timeouts, 5xx) is tested in
// server/integrations/social/network-contract.test.ts.

const { fake, network: bluesky, storedPost } = await blueskyOnFake();
afterEach(() => fake.clearFaults());
afterAll(() => fake.close());

describe("Bluesky: connecting", () => {
  it("signs in with handle and app password, with no operator settings", async () => {
    expect(bluesky.configured).toBe(true);
    const tokens = await signInToBluesky(bluesky);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.connectionExpiresAt).toBeNull();
    expect(await bluesky.identity(tokens)).toEqual({
      externalId: expect.stringMatching(/^did:plc:/),
      handle: "erika.bsky.social",
      displayName: "Fake erika.bsky.social",
      profileUrl: "https://bsky.app/profile/erika.bsky.social",
    });
  });

  it("refuses a wrong app password as rejected, without the password in the detail", async () => {
    const error = await networkFailure(signInToBluesky(bluesky, FAKE_BLUESKY_ACCOUNT.handle, "falsch-falsch-falsch"));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toBe("Invalid identifier or password");
  });

  it("rotates the refresh token; the old one is then refused as revoked", async () => {
    const tokens = await signInToBluesky(bluesky);
    const fresh = await bluesky.refresh(tokens);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect((await bluesky.identity(fresh)).handle).toBe("erika.bsky.social");
    expect((await networkFailure(bluesky.refresh(tokens))).kind).toBe("revoked");
  });

  it("keeps the session on a 5xx during the refresh", async () => {
    const tokens = await signInToBluesky(bluesky);
    fake.fault({ kind: "server-error" }, { route: "token" });
    expect((await networkFailure(bluesky.refresh(tokens))).kind).toBe("unavailable");
    expect((await bluesky.refresh(tokens)).accessToken).toBeTruthy();
  });
});

describe("Bluesky: publishing", () => {
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  let mentionedDid: string;
  beforeAll(async () => {
    mentionedDid = fake.addAccount({ handle: "joerg.example.com", appPassword: "x" });
    tokens = await signInToBluesky(bluesky);
    identity = await bluesky.identity(tokens);
  });

  it("turns links and mentions into facets at UTF-8 byte offsets, after umlauts and emoji", async () => {
    const text =
      "Schöne Grüße 👋🏽 an @joerg.example.com – mehr unter https://example.com/seite?x=1 und @unbekannt.example";
    const published = await publishedPost(bluesky.publish(tokens, identity, { text, images: [] }));
    const post = storedPost(published.externalId);
    expect(post?.text).toBe(text);
    expect(post?.langs).toEqual(["de"]);
    expect(published.url).toBe(`https://bsky.app/profile/erika.bsky.social/post/${post?.id}`);
    const bytes = Buffer.from(text, "utf8");
    const cut = (index: { byteStart: number; byteEnd: number }) =>
      bytes.subarray(index.byteStart, index.byteEnd).toString("utf8");
    // Two facets: the unresolvable mention stays plain text instead of failing the post.
    expect(post?.facets.map((facet) => [cut(facet.index), facet.features[0]])).toEqual([
      ["@joerg.example.com", { $type: "app.bsky.richtext.facet#mention", did: mentionedDid }],
      [
        "https://example.com/seite?x=1",
        { $type: "app.bsky.richtext.facet#link", uri: "https://example.com/seite?x=1" },
      ],
    ]);
    // Byte offsets, not UTF-16 offsets: "ö", "ü", "ß" and the emoji are longer in UTF-8.
    expect(post?.facets[0]?.index.byteStart).toBe(Buffer.byteLength("Schöne Grüße 👋🏽 an "));
    expect(post?.facets[0]?.index.byteStart).not.toBe("Schöne Grüße 👋🏽 an ".length);
  });

  it("maps a text over 300 graphemes to rejected with the PDS's reason", async () => {
    const error = await networkFailure(bluesky.publish(tokens, identity, { text: "ä".repeat(301), images: [] }));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toMatch(/300 graphemes/);
  });

  it("maps a 429 to rate-limited at ratelimit-reset", async () => {
    const resetAt = new Date(Date.UTC(2030, 0, 1, 8, 0, 0));
    fake.fault({ kind: "rate-limit", resetAt }, { route: "post" });
    const error = await networkFailure(bluesky.publish(tokens, identity, { text: "Zu schnell", images: [] }));
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAt).toEqual(resetAt);
  });

  it("answers revoked when the app password was deleted", async () => {
    const other = fake.addAccount({ handle: "weg.bsky.social", appPassword: "weg-weg-weg-weg" });
    const otherTokens = await signInToBluesky(bluesky, "weg.bsky.social", "weg-weg-weg-weg");
    fake.revoke("weg.bsky.social");
    const otherIdentity = { externalId: other, handle: "weg.bsky.social", displayName: "", profileUrl: null };
    expect(
      (await networkFailure(bluesky.publish(otherTokens, otherIdentity, { text: "Hallo", images: [] }))).kind,
    ).toBe("revoked");
    expect((await networkFailure(bluesky.refresh(otherTokens))).kind).toBe("revoked");
  });
});

describe("Bluesky: threads (ADR 0088)", () => {
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  beforeAll(async () => {
    tokens = await signInToBluesky(bluesky);
    identity = await bluesky.identity(tokens);
  });
  const ref = (post: PublishedPost) => ({ externalId: post.externalId, cid: post.cid ?? null });
  const publish = (text: string, replyTo: { parent: PublishedPost; root: PublishedPost } | null = null) =>
    publishedPost(
      bluesky.publish(tokens, identity, {
        text,
        images: [],
        replyTo: replyTo && { parent: ref(replyTo.parent), root: ref(replyTo.root) },
      }),
    );

  it("answers each post's URI and CID, and makes a reply that cites the thread's root and its parent", async () => {
    const first = await publish("Kette 1/3");
    const second = await publish("Kette 2/3", { parent: first, root: first });
    const third = await publish("Kette 3/3", { parent: second, root: first });
    expect(first.cid).toBe(storedPost(first.externalId)?.cid);
    expect(storedPost(first.externalId)?.reply).toBeNull();
    expect(storedPost(second.externalId)?.reply).toEqual({
      root: { uri: first.externalId, cid: first.cid },
      parent: { uri: first.externalId, cid: first.cid },
    });
    expect(storedPost(third.externalId)?.reply).toEqual({
      root: { uri: first.externalId, cid: first.cid },
      parent: { uri: second.externalId, cid: second.cid },
    });
  });

  it("refuses to reply without the parent's CID instead of sending a reply Bluesky would not thread", async () => {
    const first = await publish("Ohne CID 1/2");
    const error = await networkFailure(
      bluesky.publish(tokens, identity, {
        text: "Ohne CID 2/2",
        images: [],
        replyTo: { parent: { externalId: first.externalId, cid: null }, root: ref(first) },
      }),
    );
    expect(error.kind).toBe("rejected");
    expect(fake.posts.filter((post) => post.text === "Ohne CID 2/2")).toHaveLength(0);
  });

  it("creates the post under its own key; a second create under it makes no second post and answers the first", async () => {
    const postKey = await newRecordKey();
    // The first try arrives but its answer is lost; the retry, or a try that arrives late, finds the key taken.
    fake.fault({ kind: "lost-response" }, { route: "post" });
    const lost = await networkFailure(bluesky.publish(tokens, identity, { text: "Genau einmal", images: [], postKey }));
    expect(lost.kind).toBe("outcome-unknown");
    const again = await publishedPost(bluesky.publish(tokens, identity, { text: "Genau einmal", images: [], postKey }));
    const late = await publishedPost(bluesky.publish(tokens, identity, { text: "Genau einmal", images: [], postKey }));
    const made = fake.posts.filter((post) => post.text === "Genau einmal");
    expect(made).toHaveLength(1);
    expect(made[0]?.uri).toBe(`at://${identity.externalId}/app.bsky.feed.post/${postKey}`);
    expect(again).toEqual({ externalId: made[0]?.uri, cid: made[0]?.cid, url: expect.stringContaining(postKey) });
    expect(late).toEqual(again);
  });

  it("does not take another text under its key for its post, and keeps a 5xx a 5xx where the key is free", async () => {
    const postKey = await newRecordKey();
    await publishedPost(bluesky.publish(tokens, identity, { text: "Zuerst", images: [], postKey }));
    const taken = await networkFailure(bluesky.publish(tokens, identity, { text: "Anders", images: [], postKey }));
    expect(taken.kind).toBe("rejected");
    expect(taken.detail).toBe("Unter dem Schlüssel dieses Beitrags steht auf Bluesky schon ein anderer Beitrag.");
    fake.fault({ kind: "server-error" }, { route: "post" });
    const busy = await networkFailure(
      bluesky.publish(tokens, identity, { text: "Später", images: [], postKey: await newRecordKey() }),
    );
    expect(busy.kind).toBe("unavailable");
    expect(fake.posts.filter((post) => post.text === "Anders" || post.text === "Später")).toHaveLength(0);
  });

  it("looks a post in doubt up under its key: found, not there, or not to be looked up without a key", async () => {
    const postKey = await newRecordKey();
    const sent = await publishedPost(bluesky.publish(tokens, identity, { text: "Gesucht", images: [], postKey }));
    const find = (key: string | null, text = "Gesucht") =>
      bluesky.findPost?.(tokens, identity, { text, replyTo: null, since: new Date(), postKey: key });
    expect(await find(postKey)).toEqual(sent);
    expect(await find(await newRecordKey())).toBeNull();
    expect((await networkFailure(find(postKey, "Anders") ?? Promise.resolve())).kind).toBe("rejected");
    // Sent before posts had keys: the account's other posts cannot be told apart from it.
    expect((await networkFailure(find(null) ?? Promise.resolve())).kind).toBe("outcome-unknown");
  });

  it("maps a 5xx of the lookup to unavailable", async () => {
    fake.fault({ kind: "server-error" }, { route: "timeline" });
    const error = await networkFailure(
      bluesky.findPost?.(tokens, identity, {
        text: "a",
        replyTo: null,
        since: new Date(),
        postKey: await newRecordKey(),
      }) ?? Promise.resolve(),
    );
    expect(error.kind).toBe("unavailable");
  });
});

describe("Bluesky: record keys", () => {
  it("are TIDs of the millisecond they are made in, with random microseconds and clock ids", async () => {
    const now = Date.parse("2026-11-28T20:00:00Z");
    const { TID } = await import("@atproto/common-web");
    const keys = await Promise.all(Array.from({ length: 50 }, () => newRecordKey(now)));
    for (const key of keys) {
      expect(isValidTid(key)).toBe(true);
      expect(Math.floor(TID.fromStr(key).timestamp() / 1000)).toBe(now);
    }
    // Random parts, not a counter per process: 50 equal draws of either would be a broken generator.
    expect(new Set(keys.map((key) => TID.fromStr(key).timestamp())).size).toBeGreaterThan(1);
    expect(new Set(keys.map((key) => TID.fromStr(key).clockid())).size).toBeGreaterThan(1);
  });
});
