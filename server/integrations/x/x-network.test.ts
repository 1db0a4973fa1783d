import { randomBytes } from "node:crypto";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TokenSet } from "#server/integrations/social/social-network.ts";
import { xOnFake } from "../../../tests/mocks/networks-on-fakes.ts";
import {
  approveAuthorization,
  connectThroughFake,
  networkFailure,
  publishedPost,
  TEST_REDIRECT_URI,
} from "../../../tests/mocks/social-fake.ts";
import { createXNetwork } from "./x-network.ts";

// X's own ways; what all networks do alike (images, deleting, timeouts, 5xx) is tested in
// server/integrations/social/network-contract.test.ts.

const { fake, network: x, shortTimeoutNetwork, storedPost } = await xOnFake();
afterEach(() => fake.clearFaults());
afterAll(() => fake.close());

function authorizationUrlWithNewVerifier() {
  if (x.connect.kind !== "oauth") throw new Error("oauth erwartet");
  const codeVerifier = randomBytes(32).toString("base64url");
  return x.connect.authorizationUrl({ state: "s", codeVerifier, redirectUri: TEST_REDIRECT_URI });
}

describe("X: connecting", () => {
  it("sends the user to the authorize page with PKCE and the five scopes, and exchanges the code", async () => {
    const url = authorizationUrlWithNewVerifier();
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
    const { code } = await approveAuthorization(authorizationUrlWithNewVerifier());
    if (x.connect.kind !== "oauth") throw new Error("oauth erwartet");
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
    const unconfigured = createXNetwork({ ...fake.settings, app: null, timeoutMs: 1000 });
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

// The tokens of the account the publishing and the thread cases post from.
let redaktion: TokenSet;
beforeAll(async () => {
  redaktion = await connectThroughFake(x, "redaktion");
});

describe("X: publishing", () => {
  it("posts a text and links to it", async () => {
    const identity = await x.identity(redaktion);
    const published = await publishedPost(
      x.publish(redaktion, identity, { text: "Grüße aus Köln 👋 https://example.com", images: [] }),
    );
    expect(storedPost(published.externalId)).toMatchObject({
      account: "redaktion",
      text: "Grüße aus Köln 👋 https://example.com",
      images: [],
    });
    expect(published.url).toBe(`${fake.url}/redaktion/status/${published.externalId}`);
    const page = await fetch(published.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Grüße aus Köln 👋 https://example.com");
  });

  it("maps a 429 to rate-limited at the time of x-rate-limit-reset, with nothing posted", async () => {
    const identity = await x.identity(redaktion);
    const resetAt = new Date(Date.UTC(2030, 5, 1, 12, 0, 0));
    fake.fault({ kind: "rate-limit", resetAt }, { route: "post" });
    const before = fake.posts.length;
    const error = await networkFailure(x.publish(redaktion, identity, { text: "Zu schnell", images: [] }));
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAt).toEqual(resetAt);
    expect(fake.posts).toHaveLength(before);
  });

  it("maps a timeout while reading the identity (every answer late) to unavailable", async () => {
    fake.setLatency(60_000);
    try {
      expect((await networkFailure(shortTimeoutNetwork.identity(redaktion))).kind).toBe("unavailable");
    } finally {
      fake.setLatency(0);
    }
  });

  it("maps X's refusal to rejected with its reason, without the text or the token", async () => {
    const identity = await x.identity(redaktion);
    await x.publish(redaktion, identity, { text: "Doppelt gemoppelt", images: [] });
    const error = await networkFailure(x.publish(redaktion, identity, { text: "Doppelt gemoppelt", images: [] }));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toBe("You are not allowed to create a Tweet with duplicate content.");
    expect(error.message).not.toContain(redaktion.accessToken);
  });
});

/** A thread's reply as the publishing cites it: X needs only the parent's id. */
const replyTo = (parent: string) => ({
  parent: { externalId: parent, cid: null },
  root: { externalId: parent, cid: null },
});

describe("X: figures with the app's bearer token (ADR 0117)", () => {
  it("reads any account's posts with it, and nothing is done in a user's name with it", async () => {
    const identity = await x.identity(redaktion);
    const published = await publishedPost(x.publish(redaktion, identity, { text: "Zahlen bitte", images: [] }));
    const figures = await x.fetchPublicMetrics?.([published.externalId, "1999999999999999999"]);
    expect(figures?.get(published.externalId)).toMatchObject({ likes: expect.any(Number), views: expect.any(Number) });
    expect(figures?.get("1999999999999999999")).toBe("deleted");
    const appOnly = { ...redaktion, accessToken: fake.settings.appBearerToken ?? "" };
    await expect(x.publish(appOnly, identity, { text: "Im Namen der App", images: [] })).rejects.toMatchObject({
      kind: "rejected",
      status: 403,
    });
  });

  it("is not there without X_BEARER_TOKEN: each account then reads its own", () => {
    expect(
      createXNetwork({ ...fake.settings, appBearerToken: null, timeoutMs: 1_000 }).fetchPublicMetrics,
    ).toBeUndefined();
  });
});

describe("X: threads (ADR 0066)", () => {
  it("posts a reply with in_reply_to_tweet_id", async () => {
    const identity = await x.identity(redaktion);
    const first = await publishedPost(x.publish(redaktion, identity, { text: "Faden 1", images: [] }));
    const reply = await publishedPost(
      x.publish(redaktion, identity, { text: "Faden 2", images: [], replyTo: replyTo(first.externalId) }),
    );
    expect(storedPost(reply.externalId)?.inReplyTo).toBe(first.externalId);
  });

  it("finds its own post by the post it replied to, or a first post by its text as X shows it", async () => {
    const identity = await x.identity(redaktion);
    const since = new Date(Date.now() - 60_000);
    const first = await publishedPost(
      x.publish(redaktion, identity, { text: "Suche & finde https://example.com/a", images: [] }),
    );
    const parent = first.externalId;
    expect(await x.findPost?.(redaktion, identity, { text: "Antwort", replyTo: parent, since })).toBeNull();
    const reply = await publishedPost(
      x.publish(redaktion, identity, { text: "Antwort", images: [], replyTo: replyTo(parent) }),
    );
    expect(await x.findPost?.(redaktion, identity, { text: "Antwort", replyTo: parent, since })).toEqual(reply);
    expect(
      await x.findPost?.(redaktion, identity, { text: "Suche & finde https://example.com/a", replyTo: null, since }),
    ).toEqual(first);
    expect(await x.findPost?.(redaktion, identity, { text: "Nie gesendet", replyTo: null, since })).toBeNull();
  });

  it("maps a 5xx of the lookup to unavailable", async () => {
    const identity = await x.identity(redaktion);
    fake.fault({ kind: "server-error" }, { route: "timeline" });
    const error = await networkFailure(
      x.findPost?.(redaktion, identity, { text: "a", replyTo: null, since: new Date() }) ?? Promise.resolve(),
    );
    expect(error.kind).toBe("unavailable");
  });
});

/** The address of a port nothing listens on: a connection to it is refused at once. */
async function closedPortUrl() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe("X: a broken connection (ADR 0060)", () => {
  // fetch's error causes tell these apart (no client library's private fields any more).
  it("maps a refused connection while creating the post to unavailable: nothing was sent", async () => {
    const identity = await x.identity(redaktion);
    const unreachable = createXNetwork({ ...fake.settings, apiBase: await closedPortUrl(), timeoutMs: 5_000 });
    const error = await networkFailure(unreachable.publish(redaktion, identity, { text: "Nie gesendet", images: [] }));
    expect(error.kind).toBe("unavailable");
    expect(error.detail).toBe("ECONNREFUSED");
  });

  it("maps a connection dropped after the post was sent to outcome-unknown, and one during the image upload to unavailable", async () => {
    const identity = await x.identity(redaktion);
    fake.fault({ kind: "lost-response" }, { route: "post" });
    const lost = await networkFailure(x.publish(redaktion, identity, { text: "Antwort verloren", images: [] }));
    expect(lost.kind).toBe("outcome-unknown");
    expect(fake.posts.filter((post) => post.text === "Antwort verloren")).toHaveLength(1);

    fake.fault({ kind: "lost-response" }, { route: "media" });
    const image = { bytes: Buffer.alloc(2000, 1), mimeType: "image/png", altText: "" };
    const upload = await networkFailure(x.publish(redaktion, identity, { text: "Bild verloren", images: [image] }));
    expect(upload.kind).toBe("unavailable");
    expect(fake.posts.filter((post) => post.text === "Bild verloren")).toHaveLength(0);
  });
});

describe("X: images", () => {
  it("uploads an image larger than one chunk in order, then its description, and posts it whole", async () => {
    const identity = await x.identity(redaktion);
    const bytes = randomBytes(1024 * 1024 + 5000);
    const before = fake.requestsTo("media");
    const published = await publishedPost(
      x.publish(redaktion, identity, {
        text: "Großes Bild",
        images: [{ bytes, mimeType: "image/jpeg", altText: "Ein großes Bild" }],
      }),
    );
    // initialize, two appends of at most 1 MiB, finalize, metadata
    expect(fake.requestsTo("media") - before).toBe(5);
    const stored = storedPost(published.externalId)?.images[0];
    expect(stored).toMatchObject({ size: bytes.length, mimeType: "image/jpeg", altText: "Ein großes Bild" });
    expect(stored?.bytes.equals(bytes)).toBe(true);
  });
});
