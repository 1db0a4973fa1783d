import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMetricSnapshots, postMetricTracks } from "#server/db/schema/metrics.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import type { SocialNetwork, TokenSet } from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";
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
import { connectThroughFake } from "../../../tests/mocks/social-fake.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { postMetrics } from "./metrics.service.ts";
import { collectDueMetrics } from "./metrics-collector.ts";

// Every network that reads figures one post at a time gets them on the schedule too (ADR 0104):
// its real adapter against its fake, the real database, a clock passed in. A sent post on each is
// read at 15 minutes and at an hour, its figures growing; one deleted on the network ends with
// "gelöscht".

type Case = {
  network: NetworkId;
  start: () => Promise<NetworkOnFake>;
  connect: (onFake: NetworkOnFake) => Promise<TokenSet>;
};

const CASES: Case[] = [
  { network: "linkedin", start: () => linkedInOnFake(), connect: (o) => connectThroughFake(o.network, "redaktion") },
  { network: "facebook", start: facebookOnFake, connect: (o) => connectMetaThroughFake(o.network) },
  { network: "instagram", start: instagramOnFake, connect: (o) => connectMetaThroughFake(o.network) },
  { network: "threads", start: threadsOnFake, connect: (o) => connectThroughFake(o.network, "redaktion") },
  { network: "mastodon", start: () => mastodonOnFake(), connect: (o) => connectToMastodon(o.network, o.fake.url) },
];

const onFakes = new Map<NetworkId, NetworkOnFake>();
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  for (const entry of CASES) onFakes.set(entry.network, await entry.start());
  const real = Object.fromEntries([...onFakes].map(([id, onFake]) => [id, onFake.network]));
  t = await createPublishingTestApp({ overrides: { networks: { ...createScriptedNetworks(), ...real } } });
});
afterAll(async () => {
  await t.close();
  for (const onFake of onFakes.values()) await onFake.fake.close();
});

const MIN = 60_000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** An account connected on the fake and a post sent there, recorded as the queue leaves it. */
async function sentPost(entry: Case, userId: string, sentAt: Date) {
  const onFake = onFakes.get(entry.network) as NetworkOnFake;
  const via: SocialNetwork = onFake.network;
  const tokens = await entry.connect(onFake);
  const identity = await via.identity(tokens);
  const accountId = crypto.randomUUID();
  await t.db.insert(socialAccounts).values({
    id: accountId,
    userId,
    network: entry.network,
    externalId: identity.externalId,
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    ...tokenColumns(t.deps.tokenBox, accountId, tokens, null),
  });
  let externalId: string;
  if (entry.network === "instagram") {
    // Publishing in steps is Instagram's own test; the post is simply there on the fake.
    const fake = onFake.fake as unknown as MetaFake;
    externalId = `1790${fake.posts.length + 100}`;
    fake.posts.push({
      id: externalId,
      network: "instagram",
      target: identity.externalId,
      account: "redaktion",
      text: "Erfolg",
      link: null,
      images: [],
      createdAt: sentAt,
    });
  } else {
    const outcome = await via.publish(tokens, identity, { text: "Erfolg", images: [] });
    if (outcome.status !== "published") throw new Error("nicht veröffentlicht");
    externalId = outcome.post.externalId;
  }
  const [row] = await t.db
    .insert(publications)
    .values({
      batchId: crypto.randomUUID(),
      userId,
      accountId,
      network: entry.network,
      accountHandle: identity.handle,
      text: "Erfolg",
      scheduledAt: sentAt,
      nextAttemptAt: sentAt,
      status: "sent",
      sentAt,
      externalId,
    })
    .returning();
  return { publicationId: row?.id ?? "", externalId, onFake };
}

const snapshotsOf = (publicationId: string) =>
  t.db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.publicationId, publicationId));

describe.each(CASES)("$network on the metrics schedule", (entry) => {
  it("gets figures at 15 minutes and an hour, growing, and 'gelöscht' once the post is gone", async () => {
    const start = new Date();
    const userId = await t.createUser();
    const { publicationId, externalId, onFake } = await sentPost(entry, userId, start);

    await collectDueMetrics(t.deps, at(start, 15 * MIN));
    await collectDueMetrics(t.deps, at(start, 60 * MIN));
    const rows = (await snapshotsOf(publicationId)).sort((a, b) => a.round - b.round);
    // The fake's figures at its n-th look: likes 3n, replies n.
    expect(rows.map((row) => [row.round, row.likes, row.replies, row.deleted])).toEqual([
      [0, 3, 1, false],
      [1, 6, 2, false],
    ]);
    expect(await postMetrics(t.deps, userId, publicationId)).toMatchObject({ state: "ok" });

    const index = onFake.fake.posts.findIndex((post) => post === onFake.storedPost(externalId));
    onFake.fake.posts.splice(index, 1);
    await collectDueMetrics(t.deps, at(start, 24 * 60 * MIN));
    expect(await postMetrics(t.deps, userId, publicationId)).toMatchObject({ state: "deleted" });
    const [track] = await t.db.select().from(postMetricTracks).where(eq(postMetricTracks.publicationId, publicationId));
    expect(track?.stoppedReason).toBe("deleted");
  });
});
