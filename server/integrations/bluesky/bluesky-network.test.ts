import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, PublishedPost, TokenSet } from "#server/integrations/social/social-network.ts";
import { FAKE_BLUESKY_ACCOUNT } from "../../../tests/mocks/bluesky-server.ts";
import { blueskyOnFake, signInToBluesky } from "../../../tests/mocks/networks-on-fakes.ts";
import { networkFailure, publishedPost } from "../../../tests/mocks/social-fake.ts";

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

  it("finds its own post in doubt by text and parent among its records, across pages, but not one older than the attempt", async () => {
    const since = new Date(Date.now() - 60_000);
    const first = await publish("Gesucht 1/2");
    const reply = await publish("Gesucht 2/2", { parent: first, root: first });
    // More than a page of newer posts on top.
    for (let index = 0; index < 105; index++) await publish(`Danach ${index}`);
    const find = (text: string, replyTo: string | null, from = since) =>
      bluesky.findPost?.(tokens, identity, { text, replyTo, since: from });
    expect(await find("Gesucht 2/2", first.externalId)).toEqual(reply);
    expect(await find("Gesucht 1/2", null)).toEqual(first);
    // The same text replying to another post, or not made since the attempt, is not the one.
    expect(await find("Gesucht 2/2", reply.externalId)).toBeNull();
    expect(await find("Gesucht 1/2", null, new Date(Date.now() + 60_000))).toBeNull();
    expect(await find("Nie gesendet", null)).toBeNull();
  });

  it("maps a 5xx of the lookup to unavailable", async () => {
    fake.fault({ kind: "server-error" }, { route: "timeline" });
    const error = await networkFailure(
      bluesky.findPost?.(tokens, identity, { text: "a", replyTo: null, since: new Date() }) ?? Promise.resolve(),
    );
    expect(error.kind).toBe("unavailable");
  });
});
