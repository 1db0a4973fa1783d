import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { postMetricSnapshots, postMetricTracks } from "#server/db/schema/metrics.ts";
import { publications, publicationThreadPosts, socialAccounts } from "#server/db/schema/publishing.ts";
import { type AccountDeps, usableTokens } from "#server/features/account-tokens/account-tokens.ts";
import { callNetwork } from "#server/features/publishing/network-call.ts";
import { type MetricsAnswer, NetworkError } from "#server/integrations/social/social-network.ts";
import { METRIC_ROUNDS_MS } from "#shared/metrics.ts";
import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";
import { countReads, readsLeft } from "./metric-reads.ts";

// Collecting the figures of sent posts (ADR 0104). One pg-boss schedule a minute (start-server.ts)
// runs `collectDueMetrics`: it enrols newly sent posts, claims the due ones with one UPDATE (a
// lease: a second server or an overlapping tick skips them), and asks each account's network for
// all its due posts at once, `metricsBatchSize` ids per call — so a round of N posts costs at most
// ⌈N/100⌉ calls on X and ⌈N/25⌉ on Bluesky per account. No call runs inside a transaction. Failures
// are retried quietly with backoff and never notify; a round that keeps failing is skipped. A post
// deleted on the network, a deleted publication (cascade) or a disconnected account ends its track.

export type MetricsDeps = AccountDeps;

/** Tracks claimed per run; a longer backlog is taken by the next runs, a minute apart. */
export const COLLECT_BATCH = 2_000;
/** A claim lasts this long: a run that died leaves its posts due again afterwards. */
const CLAIM_MS = 10 * 60_000;
/** A call that has not answered by then failed (reads only: nothing is in doubt). */
const METRICS_TIMEOUT_MS = 30_000;
/** Failed tries per round before it is skipped; waits between them. */
export const MAX_ROUND_ATTEMPTS = 4;
const RETRY_MS = [5 * 60_000, 15 * 60_000, 60 * 60_000];
/** Only posts sent within the schedule's span are enrolled. */
const ENROL_SPAN_MS = (METRIC_ROUNDS_MS.at(-1) ?? 0) + 86_400_000;

export type CollectReport = { enrolled: number; calls: number; snapshots: number; failed: number; stopped: number };

const metricNetworks = (deps: MetricsDeps): NetworkId[] =>
  NETWORK_IDS.filter((id) => deps.networks[id].configured && deps.networks[id].fetchMetrics);

/** The round a post is in at `now`: the latest whose time has come (earlier missed ones are skipped). */
function roundAt(sentAt: Date, now: Date): number {
  let round = -1;
  for (const [index, age] of METRIC_ROUNDS_MS.entries()) if (sentAt.getTime() + age <= now.getTime()) round = index;
  return round;
}

export async function collectDueMetrics(deps: MetricsDeps, now = new Date()): Promise<CollectReport> {
  const report: CollectReport = { enrolled: 0, calls: 0, snapshots: 0, failed: 0, stopped: 0 };
  const networks = metricNetworks(deps);
  if (networks.length === 0) return report;
  report.enrolled = await enrolSentPosts(deps, networks, now);

  const claimed = await deps.db
    .update(postMetricTracks)
    .set({ dueAt: new Date(now.getTime() + CLAIM_MS) })
    .where(
      inArray(
        postMetricTracks.publicationId,
        deps.db
          .select({ id: postMetricTracks.publicationId })
          .from(postMetricTracks)
          .where(and(isNull(postMetricTracks.stoppedReason), lte(postMetricTracks.dueAt, now)))
          .limit(COLLECT_BATCH),
      ),
    )
    .returning();
  if (claimed.length === 0) return report;

  const disconnected = claimed.filter((track) => track.accountId === null || !networks.includes(track.network));
  await stop(deps, disconnected, "disconnected");
  report.stopped += disconnected.length;
  const byAccount = new Map<string, typeof claimed>();
  for (const track of claimed) {
    if (track.accountId === null || !networks.includes(track.network)) continue;
    byAccount.set(track.accountId, [...(byAccount.get(track.accountId) ?? []), track]);
  }
  for (const [accountId, tracks] of byAccount) await collectAccount(deps, accountId, tracks, now, report);
  if (report.calls + report.enrolled > 0) deps.logger.info(report, "Kennzahlen abgerufen");
  return report;
}

/** Sent posts of networks with figures that have no track yet get one, due at their first round. */
async function enrolSentPosts(deps: MetricsDeps, networks: NetworkId[], now: Date): Promise<number> {
  const since = new Date(now.getTime() - ENROL_SPAN_MS);
  const rows = await deps.db.execute(sql`
    insert into ${postMetricTracks} (publication_id, user_id, account_id, network, next_round, due_at)
    select p.id, p.user_id, p.account_id, p.network, 0, p.sent_at + ${`${METRIC_ROUNDS_MS[0]} milliseconds`}::interval
    from ${publications} p
    where p.status = 'sent' and p.sent_at > ${since.toISOString()}::timestamptz
      and p.network in (${sql.join(
        networks.map((network) => sql`${network}`),
        sql`, `,
      )})
      and not exists (select 1 from ${postMetricTracks} t where t.publication_id = p.id)
    limit ${COLLECT_BATCH}
    on conflict do nothing
    returning publication_id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

type Track = typeof postMetricTracks.$inferSelect;
type Item = { track: Track; sentAt: Date; posts: { position: number; externalId: string }[] };

async function collectAccount(deps: MetricsDeps, accountId: string, tracks: Track[], now: Date, report: CollectReport) {
  const [account] = await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  if (!account) {
    await stop(deps, tracks, "disconnected");
    report.stopped += tracks.length;
    return;
  }
  const network = deps.networks[account.network];
  const fetchMetrics = network.fetchMetrics?.bind(network);
  if (!fetchMetrics) return;
  const items = await itemsOf(deps, tracks);
  const gone = tracks.filter((track) => !items.some((item) => item.track.publicationId === track.publicationId));
  await stop(deps, gone, "done");

  // X bills every post read: under the user's cap only as many posts as are left this month.
  let allowed = items;
  const left = await readsLeft(deps.db, account.userId, account.network, now);
  if (left !== null) {
    allowed = [];
    let budget = left;
    for (const item of items) {
      if (item.posts.length > budget) break;
      budget -= item.posts.length;
      allowed.push(item);
    }
    // Over the cap: the round is skipped quietly, no read, no figures invented.
    await advance(
      deps,
      items.filter((item) => !allowed.includes(item)),
      now,
    );
  }
  if (allowed.length === 0) return;

  if (account.status !== "connected") return retryLater(deps, allowed, now, null, report);
  const access = await usableTokens(deps, accountId, now);
  if (access.kind !== "ok") return retryLater(deps, allowed, now, null, report);

  const ids = allowed.flatMap((item) => item.posts.map((post) => post.externalId));
  const size = network.metricsBatchSize ?? ids.length;
  const answers: MetricsAnswer = new Map();
  for (let start = 0; start < ids.length; start += size) {
    const chunk = ids.slice(start, start + size);
    report.calls += 1;
    const answer = await callNetwork(
      account.network,
      () => fetchMetrics(access.tokens, access.identity, chunk),
      METRICS_TIMEOUT_MS,
    );
    if (answer instanceof NetworkError) {
      const pending = allowed.filter((item) => item.posts.some((post) => !answers.has(post.externalId)));
      await store(
        deps,
        account,
        allowed.filter((item) => !pending.includes(item)),
        answers,
        now,
        report,
      );
      return retryLater(deps, pending, now, answer, report);
    }
    for (const [id, figures] of answer) answers.set(id, figures);
  }
  await store(deps, account, allowed, answers, now, report);
}

/** The posts of each track: the publication's own id, or each sent post of a thread. */
async function itemsOf(deps: MetricsDeps, tracks: Track[]): Promise<Item[]> {
  const ids = tracks.map((track) => track.publicationId);
  const rows = await deps.db
    .select({ id: publications.id, externalId: publications.externalId, sentAt: publications.sentAt })
    .from(publications)
    .where(and(inArray(publications.id, ids), eq(publications.status, "sent")));
  const threadPosts = await deps.db
    .select()
    .from(publicationThreadPosts)
    .where(and(inArray(publicationThreadPosts.publicationId, ids), eq(publicationThreadPosts.status, "sent")));
  return rows.flatMap((row) => {
    const track = tracks.find((candidate) => candidate.publicationId === row.id);
    const ofThread = threadPosts
      .filter((post) => post.publicationId === row.id && post.externalId)
      .sort((a, b) => a.position - b.position)
      .map((post) => ({ position: post.position, externalId: post.externalId as string }));
    const posts = ofThread.length > 0 ? ofThread : row.externalId ? [{ position: 1, externalId: row.externalId }] : [];
    return track && row.sentAt && posts.length > 0 ? [{ track, sentAt: row.sentAt, posts }] : [];
  });
}

async function store(
  deps: MetricsDeps,
  account: { userId: string; network: NetworkId },
  items: Item[],
  answers: MetricsAnswer,
  now: Date,
  report: CollectReport,
) {
  let reads = 0;
  const deleted: Track[] = [];
  const done: Item[] = [];
  for (const item of items) {
    const round = Math.max(0, roundAt(item.sentAt, now));
    const rows = item.posts.flatMap((post) => {
      const figures = answers.get(post.externalId);
      if (figures === undefined) return [];
      if (figures !== "deleted") reads += 1;
      return [
        {
          publicationId: item.track.publicationId,
          position: post.position,
          round,
          userId: item.track.userId,
          takenAt: now,
          ...(figures === "deleted" ? { deleted: true } : { deleted: false, ...figures }),
        },
      ];
    });
    if (rows.length > 0) {
      await deps.db.insert(postMetricSnapshots).values(rows).onConflictDoNothing();
      report.snapshots += rows.length;
    }
    // The thread's first post gone means the post is gone: nothing more to fetch.
    if (answers.get(item.posts[0]?.externalId ?? "") === "deleted") deleted.push(item.track);
    else done.push(item);
  }
  await countReads(deps.db, account.userId, account.network, now, reads);
  await stop(deps, deleted, "deleted");
  report.stopped += deleted.length;
  await advance(deps, done, now);
}

/**
 * On to the round after the one that is due now; past the last one the track is done. One UPDATE
 * per next round (at most five), the due time computed from each post's own send time.
 */
async function advance(deps: MetricsDeps, items: Item[], now: Date) {
  const byNext = new Map<number, string[]>();
  for (const item of items) {
    const next = roundAt(item.sentAt, now) + 1;
    byNext.set(next, [...(byNext.get(next) ?? []), item.track.publicationId]);
  }
  for (const [next, ids] of byNext) {
    const age = METRIC_ROUNDS_MS[next];
    await deps.db
      .update(postMetricTracks)
      .set(
        age === undefined
          ? { stoppedReason: "done", nextRound: next, attempts: 0 }
          : {
              nextRound: next,
              attempts: 0,
              dueAt: sql`(select ${publications.sentAt} from ${publications} where ${publications.id} = ${postMetricTracks.publicationId}) + ${`${age} milliseconds`}::interval`,
            },
      )
      .where(inArray(postMetricTracks.publicationId, ids));
  }
}

/** Quietly later: at the network's reset for a 429, else with backoff; a round failing too often is skipped. */
async function retryLater(
  deps: MetricsDeps,
  items: Item[],
  now: Date,
  failure: NetworkError | null,
  report: CollectReport,
) {
  report.failed += items.length;
  const skip = items.filter((item) => item.track.attempts + 1 >= MAX_ROUND_ATTEMPTS);
  await advance(deps, skip, now);
  for (const item of items) {
    if (skip.includes(item)) continue;
    const wait = RETRY_MS[item.track.attempts] ?? RETRY_MS.at(-1) ?? 0;
    const dueAt = failure?.retryAt && failure.retryAt > now ? failure.retryAt : new Date(now.getTime() + wait);
    await deps.db
      .update(postMetricTracks)
      .set({ dueAt, attempts: item.track.attempts + 1 })
      .where(eq(postMetricTracks.publicationId, item.track.publicationId));
  }
  if (failure) deps.logger.info({ network: failure.network, kind: failure.kind }, "Kennzahlen später erneut");
}

async function stop(deps: MetricsDeps, tracks: Track[], reason: NonNullable<Track["stoppedReason"]>) {
  if (tracks.length === 0) return;
  await deps.db
    .update(postMetricTracks)
    .set({ stoppedReason: reason })
    .where(
      inArray(
        postMetricTracks.publicationId,
        tracks.map((track) => track.publicationId),
      ),
    );
}
