import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, PublishInput, TokenSet } from "#server/integrations/social/social-network.ts";
import type { MetaFake } from "../../../tests/mocks/meta-server.ts";
import {
  connectMetaThroughFake,
  facebookOnFake,
  instagramOnFake,
  type NetworkOnFake,
} from "../../../tests/mocks/networks-on-fakes.ts";
import { connectThroughFake, networkFailure, publishedPost } from "../../../tests/mocks/social-fake.ts";

// Facebook Pages and Instagram against the Meta fake (ADR 0096, 0097): one login offers the page
// and its Instagram account; Graph's error codes; Instagram's steps (container, status, publish)
// and its daily limit.

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(4000, 5)]);

describe("Facebook Pages", () => {
  let onFake: NetworkOnFake;
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  beforeAll(async () => {
    onFake = await facebookOnFake();
    tokens = await connectMetaThroughFake(onFake.network);
    identity = await onFake.network.identity(tokens);
  });
  afterEach(() => onFake.fake.clearFaults());
  afterAll(() => onFake.fake.close());

  it("offers the login's page and its linked Instagram account, each with the page token", async () => {
    const { connect } = onFake.network;
    if (connect.kind !== "oauth" || !connect.accountChoices) throw new Error("oauth erwartet");
    const user = await connectThroughFake(onFake.network, "choices");
    const choices = await connect.accountChoices(user);
    expect(choices.map((choice) => [choice.network, choice.identity.handle, choice.linkedTo])).toEqual([
      ["facebook", "choices (Seite)", null],
      ["instagram", "@choices.insta", choices[0]?.identity.externalId],
    ]);
    expect(choices[0]?.tokens.accessToken).toBe(choices[1]?.tokens.accessToken);
    expect(choices[0]?.tokens.accessToken).not.toBe(user.accessToken);
  });

  it("sends a text post's first link along, so Facebook draws its card", async () => {
    const text = "Neu im Blog: https://example.com/artikel lesen!";
    const post = await publishedPost(onFake.network.publish(tokens, identity, { text, images: [] }));
    const stored = onFake.storedPost(post.externalId) as { link?: string | null } | undefined;
    expect(stored?.link).toBe("https://example.com/artikel");
  });

  it("maps Graph's rate limit codes (here 32) to rate-limited and code 190 to revoked", async () => {
    onFake.fake.fault({ kind: "refusal", reason: "usage-limit" }, { route: "post" });
    const limited = await networkFailure(onFake.network.publish(tokens, identity, { text: "Limit", images: [] }));
    expect(limited.kind).toBe("rate-limited");
    expect(limited.retryAt).toBeInstanceOf(Date);
    onFake.fake.fault({ kind: "refusal", reason: "token-invalid" }, { route: "post" });
    const revoked = await networkFailure(onFake.network.publish(tokens, identity, { text: "Token", images: [] }));
    expect(revoked.kind).toBe("revoked");
    onFake.fake.fault({ kind: "refusal", reason: "duplicate" }, { route: "post" });
    const duplicate = await networkFailure(onFake.network.publish(tokens, identity, { text: "Doppelt", images: [] }));
    expect([duplicate.kind, duplicate.reason]).toEqual(["rejected", "duplicate"]);
  });

  it("answers revoked once the user removed the app", async () => {
    const fresh = await connectMetaThroughFake(onFake.network, "weg");
    const page = await onFake.network.identity(fresh);
    (onFake.fake as unknown as MetaFake).revoke("weg");
    const error = await networkFailure(onFake.network.publish(fresh, page, { text: "Weg", images: [] }));
    expect(error.kind).toBe("revoked");
  });
});

describe("Instagram via the Facebook page", () => {
  let onFake: NetworkOnFake;
  let fake: MetaFake;
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  let imageServer: http.Server;
  let imageUrl: string;
  beforeAll(async () => {
    onFake = await instagramOnFake();
    fake = onFake.fake as unknown as MetaFake;
    tokens = await connectMetaThroughFake(onFake.network);
    identity = await onFake.network.identity(tokens);
    imageServer = http.createServer((request, response) => {
      if (request.url !== "/bild.jpg") return response.writeHead(404).end();
      response.writeHead(200, { "content-type": "image/jpeg" }).end(JPEG);
    });
    await new Promise<void>((resolve) => imageServer.listen(0, "127.0.0.1", resolve));
    imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/bild.jpg`;
  });
  afterEach(() => onFake.fake.clearFaults());
  afterAll(async () => {
    await onFake.fake.close();
    await new Promise((resolve) => imageServer.close(resolve));
  });

  const input = (text: string, url = imageUrl): PublishInput => ({
    text,
    images: [{ bytes: JPEG, mimeType: "image/jpeg", altText: "Ein Foto", publicUrl: url }],
  });
  const start = async (text: string, url?: string) => {
    const outcome = await onFake.network.publish(tokens, identity, input(text, url));
    if (outcome.status !== "pending") throw new Error("pending erwartet");
    return outcome.continuation;
  };
  const next = (continuation: string) => {
    const step = onFake.network.continuePublish?.bind(onFake.network);
    if (!step) throw new Error("continuePublish fehlt");
    return step(tokens, identity, continuation);
  };

  it("refuses a post without an image, in German", async () => {
    const error = await networkFailure(onFake.network.publish(tokens, identity, { text: "Ohne Bild", images: [] }));
    expect([error.kind, error.detail]).toEqual(["rejected", "Instagram veröffentlicht nur Beiträge mit Bild."]);
  });

  it("makes a container (Meta fetches the image), waits while IN_PROGRESS, publishes once FINISHED", async () => {
    fake.planContainers(["IN_PROGRESS", "FINISHED"]);
    const continuation = await start("Mit Geduld");
    expect(fake.posts.filter((post) => post.text === "Mit Geduld")).toHaveLength(0);
    const waiting = await next(continuation);
    expect(waiting.status).toBe("pending");
    const post = await publishedPost(next(continuation));
    const stored = fake.posts.find((candidate) => candidate.id === post.externalId);
    expect(stored?.text).toBe("Mit Geduld");
    expect(stored?.images[0]?.bytes.equals(JPEG)).toBe(true);
    expect(stored?.images[0]?.altText).toBe("Ein Foto");
    expect(post.url).toBe(`${fake.url}/post/${post.externalId}`);
  });

  it("refuses a container Meta could not process (ERROR), with a German reason", async () => {
    const continuation = await start("Kaputt", `${imageUrl}.fehlt`);
    const error = await networkFailure(next(continuation));
    expect([error.kind, error.reason]).toEqual(["rejected", "media-invalid"]);
    expect(error.detail).toMatch(/^Instagram konnte das Bild nicht verarbeiten/);
  });

  it("fails a container that expired after 24 hours, with a German reason", async () => {
    fake.planContainers(["EXPIRED"]);
    const error = await networkFailure(next(await start("Zu spät")));
    expect(error.kind).toBe("rejected");
    expect(error.detail).toMatch(/abgelaufen.*24 Stunden/);
    expect(fake.posts.filter((post) => post.text === "Zu spät")).toHaveLength(0);
  });

  it("maps a lost answer on media_publish to outcome-unknown: the post exists, once", async () => {
    const continuation = await start("Verloren");
    onFake.fake.fault({ kind: "lost-response" }, { route: "post" });
    const error = await networkFailure(next(continuation));
    expect(error.kind).toBe("outcome-unknown");
    expect(fake.posts.filter((post) => post.text === "Verloren")).toHaveLength(1);
  });

  it("at the daily limit sends nothing and names when the oldest post leaves the 24 hours", async () => {
    const other = await connectMetaThroughFake(onFake.network, "voll");
    const full = await onFake.network.identity(other);
    const oldest = new Date(Date.now() - 20 * 60 * 60 * 1000);
    fake.fillQuota(full.externalId, oldest);
    const error = await networkFailure(onFake.network.publish(other, full, input("Heute nicht mehr")));
    expect([error.kind, error.reason]).toEqual(["rate-limited", "usage-limit"]);
    expect(error.retryAt?.getTime()).toBe(oldest.getTime() + 24 * 60 * 60 * 1000 + 60_000);
    expect(fake.requestsTo("media")).toBeGreaterThan(0);
    expect(fake.posts.filter((post) => post.text === "Heute nicht mehr")).toHaveLength(0);
  });
});
