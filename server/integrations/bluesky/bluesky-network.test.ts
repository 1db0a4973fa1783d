import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, SocialNetwork, TokenSet } from "#server/integrations/social/social-network.ts";
import { type BlueskyFake, FAKE_BLUESKY_ACCOUNT, startBlueskyFake } from "../../../tests/mocks/bluesky-server.ts";
import { networkFailure } from "../../../tests/mocks/social-fake.ts";
import { createBlueskyNetwork } from "./bluesky-network.ts";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(2000, 9)]);

// Long enough to send the request on a busy machine; the fake holds its answer for a minute.
const SHORT_TIMEOUT_MS = 1_000;

let fake: BlueskyFake;
let bluesky: SocialNetwork;

const networkFor = (timeoutMs: number, service = fake.url) => createBlueskyNetwork({ service, timeoutMs });

async function signIn(network: SocialNetwork, identifier: string, appPassword: string) {
  if (network.connect.kind !== "app-password") throw new Error("Bluesky verbindet mit App-Passwort");
  return network.connect.signIn({ identifier, appPassword });
}

beforeAll(async () => {
  fake = await startBlueskyFake();
  bluesky = networkFor(5_000);
});
afterEach(() => fake.clearFaults());
afterAll(() => fake.close());

describe("Bluesky: connecting", () => {
  it("signs in with handle and app password, with no operator settings", async () => {
    expect(bluesky.configured).toBe(true);
    const tokens = await signIn(bluesky, FAKE_BLUESKY_ACCOUNT.handle, FAKE_BLUESKY_ACCOUNT.appPassword);
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
    const error = await networkFailure(signIn(bluesky, FAKE_BLUESKY_ACCOUNT.handle, "falsch-falsch-falsch"));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toBe("Invalid identifier or password");
  });

  it("rotates the refresh token; the old one is then refused as revoked", async () => {
    const tokens = await signIn(bluesky, FAKE_BLUESKY_ACCOUNT.handle, FAKE_BLUESKY_ACCOUNT.appPassword);
    const fresh = await bluesky.refresh(tokens);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect((await bluesky.identity(fresh)).handle).toBe("erika.bsky.social");
    expect((await networkFailure(bluesky.refresh(tokens))).kind).toBe("revoked");
  });

  it("keeps the session on a 5xx during the refresh", async () => {
    const tokens = await signIn(bluesky, FAKE_BLUESKY_ACCOUNT.handle, FAKE_BLUESKY_ACCOUNT.appPassword);
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
    tokens = await signIn(bluesky, FAKE_BLUESKY_ACCOUNT.handle, FAKE_BLUESKY_ACCOUNT.appPassword);
    identity = await bluesky.identity(tokens);
  });

  it("turns links and mentions into facets at UTF-8 byte offsets, after umlauts and emoji", async () => {
    const text =
      "Schöne Grüße 👋🏽 an @joerg.example.com – mehr unter https://example.com/seite?x=1 und @unbekannt.example";
    const outcome = await bluesky.publish(tokens, identity, { text, images: [] });
    if (outcome.status !== "published") throw new Error("veröffentlicht erwartet");
    const post = fake.posts.find((candidate) => candidate.uri === outcome.post.externalId);
    expect(post?.text).toBe(text);
    expect(post?.langs).toEqual(["de"]);
    expect(outcome.post.url).toBe(`https://bsky.app/profile/erika.bsky.social/post/${post?.id}`);
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

  it("uploads the image with uploadBlob and embeds it with its alt text", async () => {
    const outcome = await bluesky.publish(tokens, identity, {
      text: "Mit Bild",
      images: [{ bytes: PNG, mimeType: "image/png", altText: "Ein Testbild" }],
    });
    if (outcome.status !== "published") throw new Error("veröffentlicht erwartet");
    const post = fake.posts.find((candidate) => candidate.uri === outcome.post.externalId);
    expect(post?.images[0]).toMatchObject({ size: PNG.length, mimeType: "image/png", altText: "Ein Testbild" });
    expect(post?.images[0]?.bytes.equals(PNG)).toBe(true);
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

  it("maps a 5xx and a refused connection to unavailable", async () => {
    fake.fault({ kind: "server-error" }, { route: "post" });
    expect((await networkFailure(bluesky.publish(tokens, identity, { text: "Ausfall", images: [] }))).kind).toBe(
      "unavailable",
    );
    const closed = await startBlueskyFake();
    await closed.close();
    const refused = await networkFailure(
      networkFor(5_000, closed.url).publish(tokens, identity, { text: "Aus", images: [] }),
    );
    expect(refused.kind).toBe("unavailable");
    expect(refused.detail).toBe("ECONNREFUSED");
  });

  it("maps a timeout or a lost response after createRecord to outcome-unknown; a slow upload to unavailable", async () => {
    fake.fault({ kind: "slow", ms: 60_000 }, { route: "post" });
    expect(
      (await networkFailure(networkFor(SHORT_TIMEOUT_MS).publish(tokens, identity, { text: "Langsam", images: [] })))
        .kind,
    ).toBe("outcome-unknown");
    fake.fault({ kind: "lost-response" }, { route: "post" });
    expect((await networkFailure(bluesky.publish(tokens, identity, { text: "Verloren", images: [] }))).kind).toBe(
      "outcome-unknown",
    );
    expect(fake.posts.filter((post) => post.text === "Langsam" || post.text === "Verloren")).toHaveLength(2);

    fake.fault({ kind: "slow", ms: 60_000 }, { route: "media" });
    const withImage = { text: "Bild langsam", images: [{ bytes: PNG, mimeType: "image/png", altText: "" }] };
    expect((await networkFailure(networkFor(SHORT_TIMEOUT_MS).publish(tokens, identity, withImage))).kind).toBe(
      "unavailable",
    );
    expect(fake.posts.some((post) => post.text === "Bild langsam")).toBe(false);
  });

  it("answers revoked when the app password was deleted", async () => {
    const other = fake.addAccount({ handle: "weg.bsky.social", appPassword: "weg-weg-weg-weg" });
    const otherTokens = await signIn(bluesky, "weg.bsky.social", "weg-weg-weg-weg");
    fake.revoke("weg.bsky.social");
    const otherIdentity = { externalId: other, handle: "weg.bsky.social", displayName: "", profileUrl: null };
    expect(
      (await networkFailure(bluesky.publish(otherTokens, otherIdentity, { text: "Hallo", images: [] }))).kind,
    ).toBe("revoked");
    expect((await networkFailure(bluesky.refresh(otherTokens))).kind).toBe("revoked");
  });

  it("deletes a post", async () => {
    const outcome = await bluesky.publish(tokens, identity, { text: "Gleich weg", images: [] });
    if (outcome.status !== "published") throw new Error("veröffentlicht erwartet");
    await bluesky.deletePost(tokens, identity, outcome.post.externalId);
    expect(fake.posts.some((post) => post.uri === outcome.post.externalId)).toBe(false);
  });
});
