import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  NetworkIdentity,
  PublishInput,
  SocialNetwork,
  TokenSet,
} from "#server/integrations/social/social-network.ts";
import {
  blueskyOnFake,
  connectMetaThroughFake,
  connectToMastodon,
  facebookOnFake,
  linkedInOnFake,
  mastodonOnFake,
  type NetworkOnFake,
  signInToBluesky,
  threadsOnFake,
  xOnFake,
} from "../../../tests/mocks/networks-on-fakes.ts";
import { connectThroughFake, networkFailure, publishedPost } from "../../../tests/mocks/social-fake.ts";
import type { ThreadsFake } from "../../../tests/mocks/threads-server.ts";

// What every network adapter promises the publishing (ADR 0060), each against its network's fake:
// the image with its alt text, deleting, and the failures mapped alike: a 5xx or a refused
// connection is "unavailable"; a timeout or a lost answer after the post was sent is
// "outcome-unknown" (the post may exist); a timeout while uploading the image, before any post,
// is "unavailable". What differs (connecting, rate-limit headers, refusals) is tested in each
// network's own folder.

/** What each network takes as an image's description; Bluesky sets no limit. */
const ALT_TEXT_LIMITS: Partial<Record<string, number>> = {
  x: 1000,
  linkedin: 4086,
  facebook: 1000,
  threads: 1000,
  mastodon: 1500,
};
/** Where the image is served; Threads fetches it from there (ADR 0098), the others take its bytes. */
const IMAGE_PATH = "/uploads/social-images/contract.png";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(3000, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5000, 3)]);

type NetworkUnderTest = {
  name: string;
  start: () => Promise<NetworkOnFake>;
  connect: (network: SocialNetwork) => Promise<TokenSet>;
  image: { bytes: Buffer; mimeType: string };
  /** For a network that fetches the image: serve it at IMAGE_PATH of the fake. */
  hostImage?: (onFake: NetworkOnFake, image: { bytes: Buffer; mimeType: string }) => void;
};

const NETWORKS: NetworkUnderTest[] = [
  {
    name: "X",
    start: xOnFake,
    connect: (network) => connectThroughFake(network, "redaktion"),
    image: { bytes: PNG, mimeType: "image/png" },
  },
  {
    name: "LinkedIn",
    start: () => linkedInOnFake(),
    connect: (network) => connectThroughFake(network, "redaktion"),
    image: { bytes: JPEG, mimeType: "image/jpeg" },
  },
  { name: "Bluesky", start: blueskyOnFake, connect: signInToBluesky, image: { bytes: PNG, mimeType: "image/png" } },
  // Instagram publishes in steps from a link to the image: its own tests (instagram-network.test.ts).
  {
    name: "Facebook",
    start: facebookOnFake,
    connect: (network) => connectMetaThroughFake(network),
    image: { bytes: JPEG, mimeType: "image/jpeg" },
  },
  {
    name: "Threads",
    start: threadsOnFake,
    connect: (network) => connectThroughFake(network, "redaktion"),
    image: { bytes: JPEG, mimeType: "image/jpeg" },
    hostImage: (onFake, image) =>
      (onFake.fake as unknown as ThreadsFake).hostImage(IMAGE_PATH, image.bytes, image.mimeType),
  },
  {
    name: "Mastodon",
    start: () => mastodonOnFake(),
    // The instance as its fake's origin: the one non-public instance the adapter is told to allow.
    connect: (network) => connectToMastodon(network, mastodonInstance),
    image: { bytes: PNG, mimeType: "image/png" },
  },
];

/** Set by the Mastodon case's `start`, read by its `connect`. */
let mastodonInstance = "";

describe.each(NETWORKS)("$name: what every network adapter does", ({ start, connect, image, hostImage }) => {
  let onFake: NetworkOnFake;
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  beforeAll(async () => {
    onFake = await start();
    mastodonInstance = onFake.fake.url;
    tokens = await connect(onFake.network);
    identity = await onFake.network.identity(tokens);
    hostImage?.(onFake, image);
  });
  afterEach(() => onFake.fake.clearFaults());
  afterAll(() => onFake.fake.close());

  const publish = (network: SocialNetwork, input: PublishInput) => network.publish(tokens, identity, input);
  const textOnly = (text: string): PublishInput => ({ text, images: [] });
  const withImage = (text: string, altText: string): PublishInput => ({
    text,
    images: [{ ...image, altText, publicUrl: `${onFake.fake.url}${IMAGE_PATH}` }],
  });
  const postsWithText = (text: string) => onFake.fake.posts.filter((post) => post.text === text);

  it("uploads the image with its alt text and attaches it to the post", async () => {
    const published = await publishedPost(publish(onFake.network, withImage("Mit Bild", "Ein Testbild")));
    const post = onFake.storedPost(published.externalId);
    expect(post?.images).toHaveLength(1);
    expect(post?.images[0]).toMatchObject({
      size: image.bytes.length,
      mimeType: image.mimeType,
      altText: "Ein Testbild",
    });
    expect(post?.images[0]?.bytes.equals(image.bytes)).toBe(true);
  });

  it("sends the post's image description (imageAlt) with an image that has none of its own", async () => {
    const description = "Ein Diagramm: Reichweite je Woche, steigend";
    const input: PublishInput = {
      text: "Bild mit Beschreibung",
      images: [{ ...image, altText: "", publicUrl: `${onFake.fake.url}${IMAGE_PATH}` }],
      imageAlt: description,
    };
    const published = await publishedPost(publish(onFake.network, input));
    expect(onFake.storedPost(published.externalId)?.images[0]?.altText).toBe(description);
  });

  it("cuts a description to what the network takes (X 1,000, LinkedIn 4,086 characters) instead of failing the post", async () => {
    const long = "Beschreibung ".repeat(400).trim();
    const input: PublishInput = {
      text: "Lange Beschreibung",
      images: [{ ...image, altText: "", publicUrl: `${onFake.fake.url}${IMAGE_PATH}` }],
      imageAlt: long,
    };
    const published = await publishedPost(publish(onFake.network, input));
    const sent = onFake.storedPost(published.externalId)?.images[0]?.altText ?? "";
    expect(sent).toBe(long.slice(0, ALT_TEXT_LIMITS[onFake.network.id] ?? long.length));
  });

  it("maps a 5xx of the post or of the image upload, and a refused connection, to unavailable", async () => {
    onFake.fake.fault({ kind: "server-error" }, { route: "post" });
    expect((await networkFailure(publish(onFake.network, textOnly("Ausfall")))).kind).toBe("unavailable");
    onFake.fake.fault({ kind: "server-error" }, { route: "media" });
    expect((await networkFailure(publish(onFake.network, withImage("Bild-Ausfall", "")))).kind).toBe("unavailable");
    expect(postsWithText("Ausfall")).toHaveLength(0);
    expect(postsWithText("Bild-Ausfall")).toHaveLength(0);

    const closed = await start();
    await closed.fake.close();
    // Mastodon's tokens name their instance: here the closed one.
    const closedTokens = tokens.instance ? { ...tokens, instance: closed.fake.url } : tokens;
    const refused = await networkFailure(closed.network.publish(closedTokens, identity, textOnly("Aus")));
    expect(refused.kind).toBe("unavailable");
    expect(refused.detail).toBe("ECONNREFUSED");
  });

  it("maps a timeout after sending the post to outcome-unknown: the post exists, once", async () => {
    onFake.fake.fault({ kind: "slow", ms: 60_000 }, { route: "post" });
    const error = await networkFailure(publish(onFake.shortTimeoutNetwork, textOnly("Langsam")));
    expect(error.kind).toBe("outcome-unknown");
    expect(postsWithText("Langsam")).toHaveLength(1);
  });

  it("maps a response lost after the post was stored to outcome-unknown: the post exists, once", async () => {
    onFake.fake.fault({ kind: "lost-response" }, { route: "post" });
    const error = await networkFailure(publish(onFake.network, textOnly("Verloren")));
    expect(error.kind).toBe("outcome-unknown");
    expect(postsWithText("Verloren")).toHaveLength(1);
  });

  it("maps a timeout while uploading the image to unavailable: no post was made", async () => {
    onFake.fake.fault({ kind: "slow", ms: 60_000 }, { route: "media" });
    const error = await networkFailure(publish(onFake.shortTimeoutNetwork, withImage("Bild langsam", "")));
    expect(error.kind).toBe("unavailable");
    expect(postsWithText("Bild langsam")).toHaveLength(0);
  });

  it("deletes a post", async () => {
    const published = await publishedPost(publish(onFake.network, textOnly("Gleich weg")));
    expect(onFake.storedPost(published.externalId)).toBeDefined();
    await onFake.network.deletePost(tokens, identity, published.externalId);
    expect(onFake.storedPost(published.externalId)).toBeUndefined();
  });
});
