import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, TokenSet } from "#server/integrations/social/social-network.ts";
import { linkedInOnFake } from "../../../tests/mocks/networks-on-fakes.ts";
import {
  connectThroughFake,
  networkFailure,
  publishedPost,
  TEST_REDIRECT_URI,
} from "../../../tests/mocks/social-fake.ts";
import { createLinkedInNetwork, LINKEDIN_VERSION } from "./linkedin-network.ts";
import { toLittleText } from "./little-text.ts";

// LinkedIn's own ways; what all networks do alike (images, deleting, timeouts, 5xx) is tested in
// server/integrations/social/network-contract.test.ts.

const SIXTY_DAYS_MS = 60 * 24 * 60 * 60 * 1000;

const { fake, network: linkedin, storedPost } = await linkedInOnFake();
afterEach(() => fake.clearFaults());
afterAll(() => fake.close());

describe("LinkedIn: connecting", () => {
  it("asks for openid, profile and w_member_social and gets a 60-day token without refresh", async () => {
    if (linkedin.connect.kind !== "oauth") throw new Error("oauth erwartet");
    const url = linkedin.connect.authorizationUrl({ state: "s", codeVerifier: "v", redirectUri: TEST_REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth/v2/authorization`);
    // The fake's app has Member Post Analytics (LINKEDIN_POST_ANALYTICS, ADR 0104).
    expect(url.searchParams.get("scope")).toBe("openid profile w_member_social r_member_postAnalytics");

    const before = Date.now();
    const tokens = await connectThroughFake(linkedin, "erika");
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.connectionExpiresAt).toEqual(tokens.accessTokenExpiresAt);
    expect(tokens.connectionExpiresAt?.getTime()).toBeGreaterThanOrEqual(before + SIXTY_DAYS_MS);
    expect(await linkedin.identity(tokens)).toEqual({
      externalId: expect.stringMatching(/^urn:li:person:fake\d+$/),
      handle: "Fake erika",
      displayName: "Fake erika",
      profileUrl: null,
    });
  });

  it("keeps the token on refresh until the 60 days are over, then answers revoked", async () => {
    const tokens = await connectThroughFake(linkedin, "refresh");
    expect(await linkedin.refresh(tokens)).toEqual(tokens);
    const over: TokenSet = {
      ...tokens,
      connectionExpiresAt: new Date(Date.now() - 1),
      accessTokenExpiresAt: new Date(Date.now() - 1),
    };
    expect((await networkFailure(linkedin.refresh(over))).kind).toBe("revoked");
  });

  it("is 'vom Betreiber nicht eingerichtet' without its client id and secret", () => {
    const unconfigured = createLinkedInNetwork({ ...fake.settings, app: null, timeoutMs: 1000 });
    expect(unconfigured.configured).toBe(false);
  });
});

describe("LinkedIn: figures (ADR 0104)", () => {
  it("without the operator's Member Post Analytics neither asks for the scope nor reads figures", () => {
    const plain = createLinkedInNetwork({ ...fake.settings, postAnalytics: false, timeoutMs: 1000 });
    if (plain.connect.kind !== "oauth") throw new Error("oauth erwartet");
    const url = plain.connect.authorizationUrl({ state: "s", codeVerifier: "v", redirectUri: TEST_REDIRECT_URI });
    expect(url.searchParams.get("scope")).toBe("openid profile w_member_social");
    expect(plain.fetchMetrics).toBeUndefined();
  });

  it("asks a member connected before it to reconnect, without a call", async () => {
    const tokens = await connectThroughFake(linkedin, "erika");
    const identity = await linkedin.identity(tokens);
    const post = await publishedPost(linkedin.publish(tokens, identity, { text: "Alt verbunden", images: [] }));
    const before = fake.requestsTo("metrics");
    const failure = await networkFailure(
      linkedin.fetchMetrics?.({ ...tokens, scope: "openid profile w_member_social" }, identity, [post.externalId]) ??
        Promise.resolve(),
    );
    expect(failure).toMatchObject({ kind: "rejected", reason: "permission-missing" });
    expect(failure.detail).toMatch(/neu verbinden/);
    expect(fake.requestsTo("metrics")).toBe(before);
  });
});

describe("LinkedIn: publishing", () => {
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  beforeAll(async () => {
    tokens = await connectThroughFake(linkedin, "redaktion");
    identity = await linkedin.identity(tokens);
  });

  it("posts the text unchanged (reserved characters escaped, links and hashtags kept) with the version header", async () => {
    const text =
      "Neu (endlich): 50 % mehr Reichweite_für <alle> @Team *jetzt* ~ https://example.com/a_(b) #Marketing #B2B";
    const published = await publishedPost(linkedin.publish(tokens, identity, { text, images: [] }));
    expect(published.url).toBe(`${fake.url}/feed/update/${published.externalId}`);
    expect((await fetch(published.url)).status).toBe(200);
    const post = storedPost(published.externalId);
    expect(post?.text).toBe(text);
    expect(post?.account).toBe("redaktion");
    expect(fake.versionRequests.at(-1)).toBe(LINKEDIN_VERSION);
  });

  it("maps 426 to version-retired, with the version in the detail", async () => {
    fake.fault({ kind: "version-retired" }, { route: "post" });
    const error = await networkFailure(linkedin.publish(tokens, identity, { text: "Alte Version", images: [] }));
    expect(error.kind).toBe("version-retired");
    expect(error.detail).toMatch(/version/);
  });

  it("sends the one LINKEDIN_VERSION and gets version-retired when LinkedIn no longer has it", async () => {
    const retired = await linkedInOnFake({ activeVersions: ["209912"] });
    try {
      const otherTokens = await connectThroughFake(retired.network, "erika");
      const who = await retired.network.identity(otherTokens);
      const error = await networkFailure(retired.network.publish(otherTokens, who, { text: "Hallo", images: [] }));
      expect(error.kind).toBe("version-retired");
      expect(error.detail).toBe(`Requested version ${LINKEDIN_VERSION} is not active`);
      expect(retired.fake.posts).toHaveLength(0);
    } finally {
      await retired.fake.close();
    }
  });

  it("maps a 429 to rate-limited at its retry-after", async () => {
    const resetAt = new Date(Date.now() + 120_000);
    fake.fault({ kind: "rate-limit", resetAt }, { route: "post" });
    const before = Date.now();
    const error = await networkFailure(linkedin.publish(tokens, identity, { text: "Zu viel", images: [] }));
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAt?.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect(fake.posts.some((post) => post.text === "Zu viel")).toBe(false);
  });

  it("answers revoked for a token past its 60 days and for a removed app", async () => {
    const expiring = await connectThroughFake(linkedin, "expiring");
    const who = await linkedin.identity(expiring);
    fake.expire("expiring");
    const error = await networkFailure(linkedin.publish(expiring, who, { text: "Abgelaufen", images: [] }));
    expect(error.kind).toBe("revoked");
    expect(error.detail).toBe("The token used in the request has expired");

    const removed = await connectThroughFake(linkedin, "removed");
    const removedIdentity = await linkedin.identity(removed);
    fake.revoke("removed");
    expect((await networkFailure(linkedin.publish(removed, removedIdentity, { text: "Weg", images: [] }))).kind).toBe(
      "revoked",
    );
  });

  it("maps LinkedIn's refusal to rejected without the text", async () => {
    const text = "x".repeat(3001);
    const error = await networkFailure(linkedin.publish(tokens, identity, { text, images: [] }));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toBe("/commentary :: length must be at most 3000");
  });
});

describe("toLittleText", () => {
  it("escapes LinkedIn's reserved characters outside links and hashtags", () => {
    expect(toLittleText("a_b (c) [d] {e} <f> @g *h* ~i | \\ # https://x.de/a_b #Tag_1")).toBe(
      "a\\_b \\(c\\) \\[d\\] \\{e\\} \\<f\\> \\@g \\*h\\* \\~i \\| \\\\ \\# https://x.de/a_b #Tag_1",
    );
  });
});
