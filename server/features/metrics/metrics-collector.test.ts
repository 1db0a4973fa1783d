import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { metricReadCaps, metricReads, postMetricSnapshots, postMetricTracks } from "#server/db/schema/metrics.ts";
import { notifications, publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { createBlueskyNetwork } from "#server/integrations/bluesky/bluesky-network.ts";
import type { SocialNetwork, TokenSet } from "#server/integrations/social/social-network.ts";
import { createXNetwork } from "#server/integrations/x/x-network.ts";
import { METRIC_ROUNDS_MS } from "#shared/metrics.ts";
import type { NetworkId } from "#shared/networks.ts";
import { type BlueskyFake, startBlueskyFake } from "../../../tests/mocks/bluesky-server.ts";
import { signInToBluesky } from "../../../tests/mocks/networks-on-fakes.ts";
import { connectThroughFake } from "../../../tests/mocks/social-fake.ts";
import { startXFake, type XFake } from "../../../tests/mocks/x-server.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { postMetrics } from "./metrics.service.ts";
import { collectDueMetrics, MAX_ROUND_ATTEMPTS } from "./metrics-collector.ts";

// The metrics schedule (ADR 0104, 0105): the real X and Bluesky adapters against their fakes at the
// HTTP boundary, the real database, and a clock passed in. Posts are made on the fakes and recorded
// as sent publications, as the queue leaves them.

let xFake: XFake;
let blueskyFake: BlueskyFake;
let x: SocialNetwork;
let xWithUserTokens: SocialNetwork;
let bluesky: SocialNetwork;
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  xFake = await startXFake();
  blueskyFake = await startBlueskyFake();
  x = createXNetwork({ ...xFake.settings, timeoutMs: 30_000 });
  xWithUserTokens = createXNetwork({ ...xFake.settings, appBearerToken: null, timeoutMs: 30_000 });
  bluesky = createBlueskyNetwork({ ...blueskyFake.settings, timeoutMs: 30_000 });
  t = await createPublishingTestApp({ overrides: { networks: { ...createScriptedNetworks(), x, bluesky } } });
});
afterEach(() => {
  xFake.clearFaults();
  blueskyFake.clearFaults();
});
afterAll(async () => {
  await t.close();
  await xFake.close();
  await blueskyFake.close();
});

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
const MIN = 60_000;

async function storeAccount(userId: string, network: NetworkId, tokens: TokenSet, via: SocialNetwork) {
  const identity = await via.identity(tokens);
  const id = crypto.randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    userId,
    network,
    externalId: identity.externalId,
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    ...tokenColumns(t.deps.tokenBox, id, tokens, null),
  });
  return { id, tokens, identity };
}

/** `count` posts made on the network now and recorded as sent at `sentAt`. */
async function sentPosts(
  userId: string,
  account: Awaited<ReturnType<typeof storeAccount>>,
  network: NetworkId,
  count: number,
  prefix: string,
  sentAt: Date,
) {
  const via = network === "x" ? x : bluesky;
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const outcome = await publishOn(via, network, account, `${prefix} ${index}`);
    const [row] = await t.db
      .insert(publications)
      .values({
        batchId: crypto.randomUUID(),
        userId,
        accountId: account.id,
        network,
        accountHandle: account.identity.handle,
        text: `${prefix} ${index}`,
        scheduledAt: sentAt,
        nextAttemptAt: sentAt,
        status: "sent",
        sentAt,
        externalId: outcome.post.externalId,
        externalUrl: outcome.post.url,
      })
      .returning();
    ids.push(row?.id ?? "");
  }
  return ids;
}

/** X's posts go straight into the fake (making 100 through the API only costs time); Bluesky's through it. */
async function publishOn(
  via: SocialNetwork,
  network: NetworkId,
  account: Awaited<ReturnType<typeof storeAccount>>,
  text: string,
) {
  if (network === "x") {
    const id = String(1_900_000_000_000_000_000n + BigInt(xFake.posts.length));
    const username = account.identity.handle.slice(1);
    xFake.posts.push({ id, account: username, text, images: [], createdAt: new Date(), inReplyTo: null });
    return { post: { externalId: id, url: `${xFake.url}/${username}/status/${id}` } };
  }
  const outcome = await via.publish(account.tokens, account.identity, { text, images: [] });
  if (outcome.status !== "published") throw new Error("not published");
  return outcome;
}

async function xAuthor(username: string) {
  const userId = await t.createUser();
  const account = await storeAccount(userId, "x", await connectThroughFake(x, username), x);
  return { userId, account };
}

const snapshotsOf = (publicationId: string) =>
  t.db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.publicationId, publicationId));
const trackOf = async (publicationId: string) =>
  (await t.db.select().from(postMetricTracks).where(eq(postMetricTracks.publicationId, publicationId)))[0];

describe("the schedule", () => {
  it("takes a snapshot at 15 min, 1 h, 24 h, 7 and 30 days, each in ⌈posts/100⌉ X and ⌈posts/25⌉ Bluesky calls, figures growing", {
    timeout: 120_000,
  }, async () => {
    const start = new Date();
    const { userId, account } = await xAuthor("metrics_rounds");
    const xIds = await sentPosts(userId, account, "x", 101, "Runde", start);
    const skyAccount = await storeAccount(userId, "bluesky", await signInToBluesky(bluesky), bluesky);
    const skyIds = await sentPosts(userId, skyAccount, "bluesky", 26, "Himmel", start);
    const xCalls = () => xFake.requestsTo("metrics");
    const skyCalls = () => blueskyFake.requestsTo("metrics");

    await collectDueMetrics(t.deps, at(start, 14 * MIN));
    expect([xCalls(), skyCalls()]).toEqual([0, 0]);

    for (const [round, age] of METRIC_ROUNDS_MS.entries()) {
      const x0 = xCalls();
      const sky0 = skyCalls();
      await collectDueMetrics(t.deps, at(start, age));
      expect(xCalls() - x0).toBe(2); // 101 posts: 100 + 1
      expect(skyCalls() - sky0).toBe(2); // 26 posts: 25 + 1
      // Nothing more until the next round.
      await collectDueMetrics(t.deps, at(start, age + MIN));
      expect([xCalls() - x0, skyCalls() - sky0]).toEqual([2, 2]);
      const [first] = await snapshotsOf(xIds[0] as string).then((rows) => rows.filter((row) => row.round === round));
      // The fake's figures at its n-th look: likes 3n, impressions 100n.
      expect(first).toMatchObject({ likes: 3 * (round + 1), views: 100 * (round + 1), deleted: false });
    }
    expect((await snapshotsOf(skyIds[0] as string)).map((row) => [row.round, row.likes, row.views])).toEqual([
      [0, 3, null],
      [1, 6, null],
      [2, 9, null],
      [3, 12, null],
      [4, 15, null],
    ]);
    expect((await trackOf(xIds[0] as string))?.stoppedReason).toBe("done");
    const before = xCalls();
    await collectDueMetrics(t.deps, at(start, 31 * 86_400_000));
    expect(xCalls()).toBe(before);

    const view = await postMetrics(t.deps, userId, xIds[0] as string);
    expect(view).toMatchObject({ state: "ok", latest: { likes: 15, views: 500 } });
    expect(view?.state === "ok" && view.points.map((point) => point.interactions)).toEqual([6, 13, 20, 27, 34]); // 3n + n + n + (n − 1) + n;
  });

  it("reads the posts of several accounts in shared calls without their tokens; an account to reconnect waits", {
    timeout: 120_000,
  }, async () => {
    const start = new Date();
    const xAccounts = await Promise.all(["metrics_a", "metrics_b", "metrics_c"].map((name) => xAuthor(name)));
    for (const [index, { userId, account }] of xAccounts.entries())
      await sentPosts(userId, account, "x", 40, `Gemeinsam ${index}`, start);
    const skyAuthors = [];
    for (const index of [0, 1, 2]) {
      const userId = await t.createUser();
      const handle = `gemeinsam${index}.bsky.test`;
      blueskyFake.addAccount({ handle, appPassword: "gemeinsam-pass-wort" });
      const tokens = await signInToBluesky(bluesky, handle, "gemeinsam-pass-wort");
      const account = await storeAccount(userId, "bluesky", tokens, bluesky);
      skyAuthors.push({ userId, ids: await sentPosts(userId, account, "bluesky", 10, `Geteilt ${index}`, start) });
    }
    const waiting = xAccounts[2]?.account.id as string;
    await t.db.update(socialAccounts).set({ status: "reconnect_required" }).where(eq(socialAccounts.id, waiting));
    const [x0, sky0] = [xFake.requestsTo("metrics"), blueskyFake.requestsTo("metrics")];
    const report = await collectDueMetrics(t.deps, at(start, 15 * MIN));
    // 80 X posts of two accounts in one call (the third waits), 30 Bluesky posts of three in 25 + 5.
    expect([xFake.requestsTo("metrics") - x0, blueskyFake.requestsTo("metrics") - sky0]).toEqual([1, 2]);
    expect(report).toMatchObject({ snapshots: 110, failed: 40 });
    for (const { ids } of skyAuthors) expect(await snapshotsOf(ids[9] as string)).toHaveLength(1);
  });

  it("stops after a post was deleted on the network: one snapshot says 'gelöscht', no more reads of it", async () => {
    const start = new Date();
    const { userId, account } = await xAuthor("metrics_deleted");
    const [kept, gone] = await sentPosts(userId, account, "x", 2, "Weg", start);
    await collectDueMetrics(t.deps, at(start, 15 * MIN));
    const goneRow = await t.db
      .select()
      .from(publications)
      .where(eq(publications.id, gone as string));
    await x.deletePost(account.tokens, account.identity, goneRow[0]?.externalId as string);
    await collectDueMetrics(t.deps, at(start, 60 * MIN));
    expect((await snapshotsOf(gone as string)).map((row) => [row.round, row.deleted])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect((await trackOf(gone as string))?.stoppedReason).toBe("deleted");
    expect((await postMetrics(t.deps, userId, gone as string))?.state).toBe("deleted");
    await collectDueMetrics(t.deps, at(start, 24 * 60 * MIN));
    expect((await snapshotsOf(gone as string)).length).toBe(2);
    expect((await snapshotsOf(kept as string)).length).toBe(3);
  });

  it("reads nothing more once the account is disconnected or the post deleted in Postwerk", async () => {
    const start = new Date();
    const { userId, account } = await xAuthor("metrics_disconnect");
    const [first] = await sentPosts(userId, account, "x", 3, "Trennung", start);
    await collectDueMetrics(t.deps, at(start, 15 * MIN));
    await t.db.delete(publications).where(eq(publications.id, first as string));
    await t.db.delete(socialAccounts).where(eq(socialAccounts.id, account.id));
    const calls = xFake.requestsTo("metrics");
    await collectDueMetrics(t.deps, at(start, 60 * MIN));
    expect(xFake.requestsTo("metrics")).toBe(calls);
    expect(await snapshotsOf(first as string)).toEqual([]);
    const tracks = await t.db.select().from(postMetricTracks).where(eq(postMetricTracks.userId, userId));
    expect(tracks.map((track) => track.stoppedReason)).toEqual(["disconnected", "disconnected"]);
  });

  it("waits for a 429's reset, retries a revoked token's failure quietly and never notifies", async () => {
    const start = new Date();
    const { userId, account } = await xAuthor("metrics_failures");
    const [id] = await sentPosts(userId, account, "x", 1, "Fehler", start);
    xFake.fault({ kind: "rate-limit", resetAt: at(start, 22 * MIN) }, { route: "metrics" });
    await collectDueMetrics(t.deps, at(start, 15 * MIN));
    expect(await snapshotsOf(id as string)).toEqual([]);
    expect((await trackOf(id as string))?.dueAt.getTime()).toBe(Math.ceil(at(start, 22 * MIN).getTime() / 1000) * 1000);
    await collectDueMetrics(t.deps, at(start, 23 * MIN));
    expect((await snapshotsOf(id as string)).map((row) => row.round)).toEqual([0]);

    expect(await t.db.select().from(notifications).where(eq(notifications.userId, userId))).toEqual([]);
  });

  it("retries a revoked token's refusals quietly, gives the round up after its tries and never notifies", async () => {
    const start = new Date();
    const { userId, account } = await xAuthor("metrics_revoked");
    const [id] = await sentPosts(userId, account, "x", 1, "Widerrufen", start);
    xFake.revoke("metrics_revoked");
    // Without the app's bearer token each account's own token reads its posts (ADR 0117).
    const collect = (now: Date) =>
      collectDueMetrics({ ...t.deps, networks: { ...t.deps.networks, x: xWithUserTokens } }, now);
    await collect(at(start, 15 * MIN));
    for (let attempt = 1; attempt < MAX_ROUND_ATTEMPTS; attempt++) {
      const track = await trackOf(id as string);
      expect(track?.attempts).toBe(attempt);
      await collect(track?.dueAt as Date);
    }
    // Given up at 95 minutes, after the 1-hour round's time: the next one is the 24-hour round.
    expect(await trackOf(id as string)).toMatchObject({ nextRound: 2, attempts: 0, stoppedReason: null });
    expect(await snapshotsOf(id as string)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, userId))).toEqual([]);
  });
});

describe("X read caps (ADR 0105)", () => {
  it("counts every post read and reads no more than the plan's monthly cap", async () => {
    const start = new Date();
    const { userId, account } = await xAuthor("metrics_cap");
    await t.db.insert(metricReadCaps).values({ plan: "free", network: "x", monthlyMax: 120 });
    try {
      await sentPosts(userId, account, "x", 100, "Kappe", start);
      await collectDueMetrics(t.deps, at(start, 15 * MIN));
      const reads = async () =>
        (await t.db.select().from(metricReads).where(eq(metricReads.userId, userId))).reduce(
          (sum, row) => sum + row.reads,
          0,
        );
      expect(await reads()).toBe(100);
      // 20 reads left: the next round reads 20 posts in one call, the one after none.
      const snapshotsOfRound = async (round: number) =>
        (await t.db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.userId, userId))).filter(
          (row) => row.round === round,
        ).length;
      await collectDueMetrics(t.deps, at(start, 60 * MIN));
      expect(await snapshotsOfRound(1)).toBe(20);
      expect(await reads()).toBe(120);
      await collectDueMetrics(t.deps, at(start, 24 * 60 * MIN));
      expect(await snapshotsOfRound(2)).toBe(0);
      expect(await reads()).toBe(120);
    } finally {
      await t.db.delete(metricReadCaps);
    }
  });
});
