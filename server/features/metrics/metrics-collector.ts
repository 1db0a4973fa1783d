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
// lease: a second server or an overlapping tick skips them), and asks the networks for the due
// posts, `metricsBatchSize` ids per call: X (with the app's bearer token) and Bluesky for every
// account's posts together (ADR 0117), the others per account with its token — so a round of N
// posts costs ⌈N/100⌉ calls on X and ⌈N/25⌉ on Bluesky. No call runs inside a transaction. Failures
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
  const live = claimed.filter((track) => !disconnected.includes(track));
  const accountIds = [...new Set(live.map((track) => track.accountId as string))];
  const accounts =
    accountIds.length > 0
      ? await deps.db.select().from(socialAccounts).where(inArray(socialAccounts.id, accountIds))
      : [];
  const byAccount = new Map<string, Track[]>();
  for (const track of live)
    byAccount.set(track.accountId as string, [...(byAccount.get(track.accountId as string) ?? []), track]);
  const gone = [...byAccount]
    .filter(([id]) => !accounts.some((account) => account.id === id))
    .flatMap(([, tracks]) => tracks);
  await stop(deps, gone, "disconnected");
  report.stopped += gone.length;

  // ADR 0117: where the network reads figures without a user's token, every account's due posts
  // go into the same calls; elsewhere each account's own.
  const shared = new Map<NetworkId, Due[]>();
  for (const account of accounts) {
    const due = await dueOf(deps, account, byAccount.get(account.id) ?? [], now);
    if (due.items.length === 0) continue;
    if (deps.networks[account.network].fetchPublicMetrics)
      shared.set(account.network, [...(shared.get(account.network) ?? []), due]);
    else await collectAccount(deps, due, now, report);
  }
  for (const [network, dues] of shared) await collectTogether(deps, network, dues, now, report);
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
type Account = typeof socialAccounts.$inferSelect;
/** An account's posts due now that its user's read cap allows. */
type Due = { account: Account; items: Item[] };

/**
 * The account's due posts: tracks without sent posts end; under a read cap (X bills every post read,
 * ADR 0105) only as many posts as are left this month, the rest skip this round quietly — no read,
 * no figures invented. An account that cannot be read now (not connected) retries later.
 */
async function dueOf(deps: MetricsDeps, account: Account, tracks: Track[], now: Date): Promise<Due> {
  const items = await itemsOf(deps, tracks);
  const gone = tracks.filter((track) => !items.some((item) => item.track.publicationId === track.publicationId));
  await stop(deps, gone, "done");
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
    await advance(
      deps,
      items.filter((item) => !allowed.includes(item)),
      now,
    );
  }
  return { account, items: allowed };
}

/** One account's posts with its own token, `metricsBatchSize` ids per call. */
async function collectAccount(deps: MetricsDeps, due: Due, now: Date, report: CollectReport) {
  const { account, items } = due;
  const fetchMetrics = deps.networks[account.network].fetchMetrics?.bind(deps.networks[account.network]);
  if (!fetchMetrics) return;
  if (account.status !== "connected") return retryLater(deps, items, now, null, report);
  const access = await usableTokens(deps, account.id, now);
  if (access.kind !== "ok") return retryLater(deps, items, now, null, report);
  const { answers, failure } = await fetchInBatches(deps, account.network, items, report, (ids) =>
    fetchMetrics(access.tokens, access.identity, ids),
  );
  await settle(deps, due, answers, failure, now, report);
}

/** Every account's posts of one network in shared calls, without a user's token (ADR 0117). */
async function collectTogether(deps: MetricsDeps, network: NetworkId, dues: Due[], now: Date, report: CollectReport) {
  const fetchPublic = deps.networks[network].fetchPublicMetrics?.bind(deps.networks[network]);
  if (!fetchPublic) return;
  // A post whose account needs reconnecting waits for it, as with the account's own token.
  const readable = dues.filter((due) => due.account.status === "connected");
  for (const due of dues) if (!readable.includes(due)) await retryLater(deps, due.items, now, null, report);
  const items = readable.flatMap((due) => due.items);
  const { answers, failure } = await fetchInBatches(deps, network, items, report, fetchPublic);
  for (const due of readable) await settle(deps, due, answers, failure, now, report);
}

/** The figures of the items' posts, `metricsBatchSize` ids per call, until the first failure. */
async function fetchInBatches(
  deps: MetricsDeps,
  network: NetworkId,
  items: Item[],
  report: CollectReport,
  fetch: (ids: string[]) => Promise<MetricsAnswer>,
): Promise<{ answers: MetricsAnswer; failure: NetworkError | null }> {
  const ids = items.flatMap((item) => item.posts.map((post) => post.externalId));
  const size = deps.networks[network].metricsBatchSize ?? ids.length;
  const answers: MetricsAnswer = new Map();
  for (let start = 0; start < ids.length; start += size) {
    report.calls += 1;
    const answer = await callNetwork(network, () => fetch(ids.slice(start, start + size)), METRICS_TIMEOUT_MS);
    if (answer instanceof NetworkError) return { answers, failure: answer };
    for (const [id, figures] of answer) answers.set(id, figures);
  }
  return { answers, failure: null };
}

/** Stores what was answered; the account's posts left without an answer by a failure retry later. */
async function settle(
  deps: MetricsDeps,
  { account, items }: Due,
  answers: MetricsAnswer,
  failure: NetworkError | null,
  now: Date,
  report: CollectReport,
) {
  // An id a full answer leaves out is not known yet: its post moves on like the others.
  const pending = failure ? items.filter((item) => item.posts.some((post) => !answers.has(post.externalId))) : [];
  await store(
    deps,
    account,
    items.filter((item) => !pending.includes(item)),
    answers,
    now,
    report,
  );
  if (pending.length > 0) await retryLater(deps, pending, now, failure, report);
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
