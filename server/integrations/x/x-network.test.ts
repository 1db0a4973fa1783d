import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SocialNetwork, TokenSet } from "#server/integrations/social/social-network.ts";
import {
  approveAuthorization,
  connectThroughFake,
  networkFailure,
  TEST_REDIRECT_URI,
} from "../../../tests/mocks/social-fake.ts";
import { startXFake, type XFake } from "../../../tests/mocks/x-server.ts";
import { createXNetwork } from "./x-network.ts";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(3000, 7)]);

// Long enough to send the request on a busy machine; the fake holds its answer for a minute.
const SHORT_TIMEOUT_MS = 1_000;

let fake: XFake;
let x: SocialNetwork;

const networkFor = (timeoutMs: number, apiBase = fake.url) =>
  createXNetwork({
    app: { clientId: fake.env.X_CLIENT_ID, clientSecret: fake.env.X_CLIENT_SECRET },
    apiBase,
    webBase: fake.url,
    timeoutMs,
  });

beforeAll(async () => {
  fake = await startXFake();
  x = networkFor(5_000);
});
afterEach(() => fake.clearFaults());
afterAll(() => fake.close());

describe("X: connecting", () => {
  it("sends the user to the authorize page with PKCE and the five scopes, and exchanges the code", async () => {
    if (x.connect.kind !== "oauth") throw new Error("oauth erwartet");
    const url = x.connect.authorizationUrl({
      state: "s",
      codeVerifier: randomBytes(32).toString("base64url"),
      redirectUri: TEST_REDIRECT_URI,
    });
    expect(url.origin + url.pathname).toBe(`${fake.url}/i/oauth2/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("tweet.read tweet.write users.read offline.access media.write");

    const tokens = await connectThroughFake(x, "erika");
    expect(tokens.accessToken).toMatch(/^access_/);
    expect(tokens.refreshToken).toMatch(/^refresh_/);
    expect(tokens.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.connectionExpiresAt).toBeNull();
    expect(await x.identity(tokens)).toEqual({
      externalId: expect.any(String),
      handle: "@erika",
      displayName: "Fake erika",
      profileUrl: `${fake.url}/erika`,
    });
  });

  it("refuses a code with the wrong PKCE verifier as rejected, not as a revoked account", async () => {
    if (x.connect.kind !== "oauth") throw new Error("oauth erwartet");
    const url = x.connect.authorizationUrl({
      state: "s",
      codeVerifier: randomBytes(32).toString("base64url"),
      redirectUri: TEST_REDIRECT_URI,
    });
    const { code } = await approveAuthorization(url);
    const error = await networkFailure(
      x.connect.exchangeCode({
        code,
        codeVerifier: randomBytes(32).toString("base64url"),
        redirectUri: TEST_REDIRECT_URI,
      }),
    );
    expect(error.kind).toBe("rejected");
  });

  it("is 'vom Betreiber nicht eingerichtet' without X_CLIENT_ID and X_CLIENT_SECRET", async () => {
    const unconfigured = createXNetwork({ app: null, apiBase: fake.url, webBase: fake.url, timeoutMs: 1000 });
    expect(unconfigured.configured).toBe(false);
    if (unconfigured.connect.kind !== "oauth") throw new Error("oauth erwartet");
    expect(
      () =>
        unconfigured.connect.kind === "oauth" &&
        unconfigured.connect.authorizationUrl({ state: "s", codeVerifier: "v", redirectUri: TEST_REDIRECT_URI }),
    ).toThrow(/nicht eingerichtet/);
  });
});

describe("X: refreshing", () => {
  it("rotates the refresh token: the new pair works, the old refresh token is refused as revoked", async () => {
    const tokens = await connectThroughFake(x, "rotation");
    const fresh = await x.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect((await x.identity(fresh)).handle).toBe("@rotation");
    expect((await networkFailure(x.refresh(tokens))).kind).toBe("revoked");
    expect((await x.refresh(fresh)).refreshToken).toMatch(/^refresh_/);
  });

  it("keeps the account on a 5xx or a rate limit during the refresh", async () => {
    const tokens = await connectThroughFake(x, "refresh-outage");
    fake.fault({ kind: "server-error" }, { route: "token" });
    expect((await networkFailure(x.refresh(tokens))).kind).toBe("unavailable");
    fake.fault({ kind: "rate-limit", resetAt: new Date(Date.UTC(2031, 0, 1)) }, { route: "token" });
    expect((await networkFailure(x.refresh(tokens))).kind).toBe("rate-limited");
    expect((await x.refresh(tokens)).accessToken).toMatch(/^access_/);
  });

  it("answers revoked once the user removed the app", async () => {
    const tokens = await connectThroughFake(x, "gone");
    fake.revoke("gone");
    expect((await networkFailure(x.refresh(tokens))).kind).toBe("revoked");
    expect(
      (await networkFailure(x.publish(tokens, await identityOf("gone"), { text: "Hallo", images: [] }))).kind,
    ).toBe("revoked");
  });
});

async function identityOf(account: string) {
  return x.identity(await connectThroughFake(x, account));
}

describe("X: publishing", () => {
  let tokens: TokenSet;
  beforeAll(async () => {
    tokens = await connectThroughFake(x, "redaktion");
  });

  it("posts a text and links to it", async () => {
    const identity = await x.identity(tokens);
    const outcome = await x.publish(tokens, identity, { text: "Grüße aus Köln 👋 https://example.com", images: [] });
    if (outcome.status !== "published") throw new Error("veröffentlicht erwartet");
    const post = fake.posts.find((candidate) => candidate.id === outcome.post.externalId);
    expect(post).toMatchObject({ account: "redaktion", text: "Grüße aus Köln 👋 https://example.com", images: [] });
    expect(outcome.post.url).toBe(`${fake.url}/redaktion/status/${outcome.post.externalId}`);
    const page = await fetch(outcome.post.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Grüße aus Köln 👋 https://example.com");
  });

  it("uploads the image through the v2 media endpoints with its alt text", async () => {
    const identity = await x.identity(tokens);
    const outcome = await x.publish(tokens, identity, {
      text: "Mit Bild",
      images: [{ bytes: PNG, mimeType: "image/png", altText: "Ein Testbild" }],
    });
    if (outcome.status !== "published") throw new Error("veröffentlicht erwartet");
    const post = fake.posts.find((candidate) => candidate.id === outcome.post.externalId);
    expect(post?.images).toHaveLength(1);
    expect(post?.images[0]).toMatchObject({ size: PNG.length, mimeType: "image/png", altText: "Ein Testbild" });
    expect(post?.images[0]?.bytes.equals(PNG)).toBe(true);
  });

  it("maps a 429 to rate-limited at the time of x-rate-limit-reset, with nothing posted", async () => {
    const identity = await x.identity(tokens);
    const resetAt = new Date(Date.UTC(2030, 5, 1, 12, 0, 0));
    fake.fault({ kind: "rate-limit", resetAt }, { route: "post" });
    const before = fake.posts.length;
    const error = await networkFailure(x.publish(tokens, identity, { text: "Zu schnell", images: [] }));
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAt).toEqual(resetAt);
    expect(fake.posts).toHaveLength(before);
  });

  it("maps a 5xx and a refused connection to unavailable", async () => {
    const identity = await x.identity(tokens);
    fake.fault({ kind: "server-error" }, { route: "post" });
    expect((await networkFailure(x.publish(tokens, identity, { text: "Ausfall", images: [] }))).kind).toBe(
      "unavailable",
    );

    const closed = await startXFake();
    await closed.close();
    const refused = await networkFailure(
      networkFor(5_000, closed.url).publish(tokens, identity, { text: "Aus", images: [] }),
    );
    expect(refused.kind).toBe("unavailable");
    expect(refused.detail).toBe("ECONNREFUSED");
  });

  it("maps a timeout after sending the post to outcome-unknown (the post may exist)", async () => {
    const identity = await x.identity(tokens);
    fake.fault({ kind: "slow", ms: 60_000 }, { route: "post" });
    const error = await networkFailure(
      networkFor(SHORT_TIMEOUT_MS).publish(tokens, identity, { text: "Langsam", images: [] }),
    );
    expect(error.kind).toBe("outcome-unknown");
    expect(fake.posts.filter((post) => post.text === "Langsam")).toHaveLength(1);
  });

  it("maps a timeout while uploading the image to unavailable: no post was made", async () => {
    const identity = await x.identity(tokens);
    fake.fault({ kind: "slow", ms: 60_000 }, { route: "media" });
    const input = { text: "Bild langsam", images: [{ bytes: PNG, mimeType: "image/png", altText: "" }] };
    expect((await networkFailure(networkFor(SHORT_TIMEOUT_MS).publish(tokens, identity, input))).kind).toBe(
      "unavailable",
    );
    expect(fake.posts.some((post) => post.text === "Bild langsam")).toBe(false);
  });

  it("maps a timeout while reading the identity (every answer late) to unavailable", async () => {
    fake.setLatency(60_000);
    try {
      expect((await networkFailure(networkFor(SHORT_TIMEOUT_MS).identity(tokens))).kind).toBe("unavailable");
    } finally {
      fake.setLatency(0);
    }
  });

  it("maps a response lost after the post was stored to outcome-unknown; the post exists once", async () => {
    const identity = await x.identity(tokens);
    fake.fault({ kind: "lost-response" }, { route: "post" });
    const error = await networkFailure(x.publish(tokens, identity, { text: "Verloren", images: [] }));
    expect(error.kind).toBe("outcome-unknown");
    expect(fake.posts.filter((post) => post.text === "Verloren")).toHaveLength(1);
  });

  it("maps X's refusal to rejected with its reason, without the text or the token", async () => {
    const identity = await x.identity(tokens);
    await x.publish(tokens, identity, { text: "Doppelt gemoppelt", images: [] });
    const error = await networkFailure(x.publish(tokens, identity, { text: "Doppelt gemoppelt", images: [] }));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toBe("You are not allowed to create a Tweet with duplicate content.");
    expect(error.message).not.toContain(tokens.accessToken);
  });

  it("deletes a post", async () => {
    const identity = await x.identity(tokens);
    const outcome = await x.publish(tokens, identity, { text: "Gleich weg", images: [] });
    if (outcome.status !== "published") throw new Error("veröffentlicht erwartet");
    await x.deletePost(tokens, identity, outcome.post.externalId);
    expect(fake.posts.some((post) => post.id === outcome.post.externalId)).toBe(false);
  });
});

describe("X: threads (ADR 0066)", () => {
  let tokens: TokenSet;
  beforeAll(async () => {
    tokens = await connectThroughFake(x, "fadenautor");
  });

  it("posts a reply with in_reply_to_tweet_id", async () => {
    const identity = await x.identity(tokens);
    const first = await x.publish(tokens, identity, { text: "Faden 1", images: [] });
    if (first.status !== "published") throw new Error("veröffentlicht erwartet");
    const reply = await x.publish(tokens, identity, { text: "Faden 2", images: [], replyTo: first.post.externalId });
    if (reply.status !== "published") throw new Error("veröffentlicht erwartet");
    expect(fake.posts.find((post) => post.id === reply.post.externalId)?.inReplyTo).toBe(first.post.externalId);
  });

  it("finds its own post by the post it replied to, or a first post by its text as X shows it", async () => {
    const identity = await x.identity(tokens);
    const since = new Date(Date.now() - 60_000);
    const first = await x.publish(tokens, identity, { text: "Suche & finde https://example.com/a", images: [] });
    if (first.status !== "published") throw new Error("veröffentlicht erwartet");
    const parent = first.post.externalId;
    expect(await x.findPost?.(tokens, identity, { text: "Antwort", replyTo: parent, since })).toBeNull();
    const reply = await x.publish(tokens, identity, { text: "Antwort", images: [], replyTo: parent });
    if (reply.status !== "published") throw new Error("veröffentlicht erwartet");
    expect(await x.findPost?.(tokens, identity, { text: "Antwort", replyTo: parent, since })).toEqual(reply.post);
    expect(
      await x.findPost?.(tokens, identity, { text: "Suche & finde https://example.com/a", replyTo: null, since }),
    ).toEqual(first.post);
    expect(await x.findPost?.(tokens, identity, { text: "Nie gesendet", replyTo: null, since })).toBeNull();
  });

  it("maps a 5xx of the lookup to unavailable", async () => {
    const identity = await x.identity(tokens);
    fake.fault({ kind: "server-error" }, { route: "timeline" });
    const error = await networkFailure(
      x.findPost?.(tokens, identity, { text: "a", replyTo: null, since: new Date() }) ?? Promise.resolve(),
    );
    expect(error.kind).toBe("unavailable");
  });
});
