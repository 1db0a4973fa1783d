import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, SocialNetwork, TokenSet } from "#server/integrations/social/social-network.ts";
import type { PostFigures } from "#shared/metrics.ts";
import type { MetaFake } from "../../../tests/mocks/meta-server.ts";
import {
  connectMetaThroughFake,
  connectToMastodon,
  facebookOnFake,
  instagramOnFake,
  linkedInOnFake,
  mastodonOnFake,
  type NetworkOnFake,
  threadsOnFake,
} from "../../../tests/mocks/networks-on-fakes.ts";
import { connectThroughFake, fakeFigures, networkFailure, publishedPost } from "../../../tests/mocks/social-fake.ts";

// The figures of sent posts (ADR 0104) on the networks that read them one post at a time, each
// against its fake: figures that grow from one read to the next, mapped onto Postwerk's columns;
// a 429 with the time to try again; a post deleted on the network; a token the user revoked.
// X and Bluesky read theirs in batches (server/features/metrics/metrics-collector.test.ts).

type Fake = NetworkOnFake["fake"] & { revoke(account: string): void };

type MetricsCase = {
  name: string;
  start: () => Promise<NetworkOnFake>;
  connect: (network: SocialNetwork, fake: Fake) => Promise<TokenSet>;
  /** The account the fake knows the connection by (for `revoke`). */
  account: string;
  /** A sent post's id on the network. */
  send: (onFake: NetworkOnFake, tokens: TokenSet, identity: NetworkIdentity) => Promise<string>;
  /** What Postwerk stores at the fake's `reads`-th look. */
  expected: (reads: number) => PostFigures;
  /** The network's reset comes with the 429 (else Postwerk waits its default). */
  exactReset: boolean;
};

const sendText = async (onFake: NetworkOnFake, tokens: TokenSet, identity: NetworkIdentity) =>
  (await publishedPost(onFake.network.publish(tokens, identity, { text: "Kennzahlen bitte", images: [] }))).externalId;

const CASES: MetricsCase[] = [
  {
    name: "LinkedIn",
    start: () => linkedInOnFake(),
    connect: (network) => connectThroughFake(network, "redaktion"),
    account: "redaktion",
    send: sendText,
    expected: (reads) => {
      const figures = fakeFigures(reads);
      return { ...figures, quotes: 0, bookmarks: null };
    },
    exactReset: true,
  },
  {
    name: "Facebook",
    start: facebookOnFake,
    connect: (network) => connectMetaThroughFake(network),
    account: "redaktion",
    send: sendText,
    expected: (reads) => ({ ...fakeFigures(reads), quotes: 0, bookmarks: null }),
    exactReset: false,
  },
  {
    name: "Instagram",
    start: instagramOnFake,
    connect: (network) => connectMetaThroughFake(network),
    account: "redaktion",
    // Publishing in steps is instagram-network.test.ts's; here the post is simply there.
    send: async (onFake) => {
      const fake = onFake.fake as unknown as MetaFake;
      const page = fake.pageOf("redaktion");
      const id = `1790${fake.posts.length + 1}`;
      fake.posts.push({
        id,
        network: "instagram",
        target: page.igId,
        account: "redaktion",
        text: "Kennzahlen bitte",
        link: null,
        images: [],
        createdAt: new Date(),
      });
      return id;
    },
    expected: (reads) => ({ ...fakeFigures(reads), quotes: 0 }),
    exactReset: false,
  },
  {
    name: "Threads",
    start: threadsOnFake,
    connect: (network) => connectThroughFake(network, "redaktion"),
    account: "redaktion",
    send: sendText,
    expected: (reads) => ({ ...fakeFigures(reads), bookmarks: null }),
    exactReset: false,
  },
  {
    name: "Mastodon",
    start: () => mastodonOnFake(),
    connect: (network, fake) => connectToMastodon(network, fake.url),
    account: "erika",
    send: sendText,
    expected: (reads) => ({ ...fakeFigures(reads), quotes: 0, bookmarks: null, views: null }),
    exactReset: true,
  },
];

describe.each(CASES)("$name: figures of sent posts", ({ start, connect, account, send, expected, exactReset }) => {
  let onFake: NetworkOnFake;
  let fake: Fake;
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  const fetchMetrics = (ids: string[]) => {
    if (!onFake.network.fetchMetrics) throw new Error("liest keine Kennzahlen");
    return onFake.network.fetchMetrics(tokens, identity, ids);
  };

  beforeAll(async () => {
    onFake = await start();
    fake = onFake.fake as Fake;
    tokens = await connect(onFake.network, fake);
    identity = await onFake.network.identity(tokens);
  });
  afterEach(() => fake.clearFaults());
  afterAll(() => fake.close());

  it("reads one post per call, its figures growing from one read to the next", async () => {
    expect(onFake.network.metricsBatchSize).toBe(1);
    const id = await send(onFake, tokens, identity);
    expect((await fetchMetrics([id])).get(id)).toEqual(expected(1));
    expect((await fetchMetrics([id])).get(id)).toEqual(expected(2));
  });

  it("answers a 429 as rate-limited, to be tried again at the network's reset", async () => {
    const id = await send(onFake, tokens, identity);
    const resetAt = new Date(Date.now() + 10 * 60_000);
    fake.fault({ kind: "rate-limit", resetAt }, { route: "metrics" });
    const failure = await networkFailure(fetchMetrics([id]));
    expect(failure.kind).toBe("rate-limited");
    expect(failure.retryAt?.getTime()).toBeGreaterThan(Date.now());
    if (exactReset) expect(Math.abs((failure.retryAt?.getTime() ?? 0) - resetAt.getTime())).toBeLessThan(2_000);
  });

  it("answers a post deleted on the network as deleted", async () => {
    const id = await send(onFake, tokens, identity);
    const kept = await send(onFake, tokens, identity);
    const index = fake.posts.findIndex((post) => post === onFake.storedPost(id));
    fake.posts.splice(index, 1);
    const answer = await fetchMetrics([id, kept]);
    expect(answer.get(id)).toBe("deleted");
    expect(answer.get(kept)).toEqual(expected(1));
  });

  it("fails as revoked once the user took the access back", async () => {
    const id = await send(onFake, tokens, identity);
    fake.revoke(account);
    expect((await networkFailure(fetchMetrics([id]))).kind).toBe("revoked");
  });
});
