import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, TokenSet } from "#server/integrations/social/social-network.ts";
import { checkPostText } from "#shared/post-length.ts";
import { connectToMastodon, mastodonOnFake } from "../../../tests/mocks/networks-on-fakes.ts";
import { networkFailure, publishedPost } from "../../../tests/mocks/social-fake.ts";
import { createMastodonNetwork } from "./mastodon-network.ts";

// Mastodon's own cases (ADR 0095) against the instance fake; what every adapter does is in
// server/integrations/social/network-contract.test.ts.

let onFake: Awaited<ReturnType<typeof mastodonOnFake>>;
let tokens: TokenSet;
let identity: NetworkIdentity;

beforeAll(async () => {
  onFake = await mastodonOnFake({ maxCharacters: 640 });
  tokens = await connectToMastodon(onFake.network, onFake.fake.url);
  identity = await onFake.network.identity(tokens);
});
afterEach(() => onFake.fake.clearFaults());
afterAll(() => onFake.fake.close());

describe("connecting", () => {
  const guarded = createMastodonNetwork({ timeoutMs: 1_000, resolveHost: async () => ["10.1.2.3"] });
  const origin = (input: string) => {
    if (guarded.connect.kind !== "instance") throw new Error("Mastodon verbindet über die Instanz");
    return guarded.connect.instanceOrigin(input);
  };

  it.each(["10.0.0.1", "https://localhost", "127.0.0.1:3000", "169.254.169.254", "[::1]", "intern.example"])(
    "refuses %s: not a public instance, in German",
    async (input) => {
      const error = await networkFailure(origin(input));
      expect(error.kind).toBe("rejected");
      expect(error.detail).toMatch(/keine öffentliche Mastodon-Instanz/);
    },
  );

  it("refuses plain http and a URL with credentials", async () => {
    expect((await networkFailure(origin("http://mastodon.social"))).detail).toMatch(/Adresse Ihrer Mastodon-Instanz/);
    expect((await networkFailure(origin("https://a:b@mastodon.social"))).detail).toMatch(/Adresse/);
  });

  it("takes a bare host, a URL or a handle and answers the instance's origin", async () => {
    const open = createMastodonNetwork({ timeoutMs: 1_000, resolveHost: async () => ["93.184.215.14"] });
    if (open.connect.kind !== "instance") throw new Error("Mastodon verbindet über die Instanz");
    expect(await open.connect.instanceOrigin("mastodon.social")).toBe("https://mastodon.social");
    expect(await open.connect.instanceOrigin(" https://Mastodon.Social/@erika ")).toBe("https://mastodon.social");
    expect(await open.connect.instanceOrigin("@erika@chaos.social")).toBe("https://chaos.social");
  });

  it("registers the app on the instance and reads the account as @user@instance with the instance's limits", async () => {
    expect(onFake.fake.apps.size).toBeGreaterThanOrEqual(1);
    expect(tokens.instance).toBe(onFake.fake.url);
    expect(identity.handle).toBe(`@erika@${new URL(onFake.fake.url).host}`);
    expect(identity.limits).toEqual({ maxCharacters: 640, maxImageBytes: 16 * 1024 * 1024, maxDescription: 1500 });
  });
});

describe("publishing", () => {
  it("sends a thread's reply with in_reply_to_id and a content warning as spoiler_text", async () => {
    const first = await publishedPost(onFake.network.publish(tokens, identity, { text: "Erster", images: [] }));
    const ref = { externalId: first.externalId, cid: null };
    const reply = await publishedPost(
      onFake.network.publish(tokens, identity, {
        text: "Zweiter",
        images: [],
        replyTo: { parent: ref, root: ref },
        contentWarning: "Spoiler: Rezept",
      }),
    );
    expect(onFake.storedPost(reply.externalId)).toMatchObject({
      inReplyTo: first.externalId,
      spoilerText: "Spoiler: Rezept",
    });
  });

  it("answers the same status for the same Idempotency-Key, stored once", async () => {
    const input = { text: "Einmal bitte", images: [], idempotencyKey: "postwerk-test-1" };
    const one = await publishedPost(onFake.network.publish(tokens, identity, input));
    const two = await publishedPost(onFake.network.publish(tokens, identity, input));
    expect(two.externalId).toBe(one.externalId);
    expect(onFake.fake.posts.filter((post) => post.text === "Einmal bitte")).toHaveLength(1);
  });

  it("maps a 429 to rate-limited at the X-RateLimit-Reset time", async () => {
    const resetAt = new Date(Date.now() + 5 * 60_000);
    onFake.fake.fault({ kind: "rate-limit", resetAt }, { route: "post" });
    const error = await networkFailure(onFake.network.publish(tokens, identity, { text: "Zu oft", images: [] }));
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAt?.getTime()).toBe(resetAt.getTime());
  });

  it("maps a 422 over the limit to rejected, too long, and a revoked token to revoked", async () => {
    const tooLong = await networkFailure(
      onFake.network.publish(tokens, identity, { text: "x".repeat(641), images: [] }),
    );
    expect(tooLong).toMatchObject({ kind: "rejected", reason: "too-long" });
    const other = await connectToMastodon(onFake.network, onFake.fake.url, "entzogen");
    onFake.fake.revoke("entzogen");
    const revoked = await networkFailure(onFake.network.publish(other, identity, { text: "Weg", images: [] }));
    expect(revoked.kind).toBe("revoked");
    expect((await networkFailure(onFake.network.refresh(other))).kind).toBe("revoked");
  });
});

describe("counting as Mastodon does", () => {
  it("counts a link as 23 and a remote mention by its local part, against the account's own limit", () => {
    const link = `Neu: https://example.com/${"sehr-lang/".repeat(20)}`;
    expect(checkPostText("mastodon", link).length).toBe("Neu: ".length + 23);
    expect(checkPostText("mastodon", "Hallo @erika@mastodon.social").length).toBe("Hallo @erika".length);
    expect(checkPostText("mastodon", "a".repeat(600)).fits).toBe(false);
    expect(checkPostText("mastodon", "a".repeat(600), 640).fits).toBe(true);
  });
});
