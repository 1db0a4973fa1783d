// Erfolg at scale (ADR 0104, 0106, 0117), a report and not a test: bench/run.ts prints it with the
// targets and exits 0 whatever the figures.
//   1. One day of the metrics schedule on one server: METRICS_POSTS sent posts on METRICS_ACCOUNTS
//      accounts (half X, half Bluesky), half of them sent the day before (their 24-hour round falls
//      in the day), half during the day (enrolled, then 15 minutes and an hour). `collectDueMetrics`
//      runs once per simulated minute, as pg-boss runs it, against stand-in networks that count
//      every call and the ids in it. Figures: how late each snapshot was taken after its round's
//      time (simulated), the longest minute of work (real time: a minute that took longer than 60 s
//      would fall behind), calls against ⌈ids/100⌉ (X) and ⌈ids/25⌉ (Bluesky), RSS growth.
//   2. GET /api/metrics/report (the Erfolg page's data) for a user with ERFOLG_POSTS sent posts and
//      three snapshots each, through the real app: p95 over ERFOLG_RUNS requests.
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { eq, inArray } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { user } from "#server/db/schema/auth.ts";
import { postMetricSnapshots, postMetricTracks } from "#server/db/schema/metrics.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { collectDueMetrics } from "#server/features/metrics/metrics-collector.ts";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { createSocialNetworks } from "#server/integrations/social/networks.ts";
import type { MetricsAnswer, SocialNetwork } from "#server/integrations/social/social-network.ts";
import { METRIC_ROUNDS_MS } from "#shared/metrics.ts";
import type { NetworkId } from "#shared/networks.ts";
import { openBenchDatabase, percentile, startBenchApp } from "./bench-app.ts";
import { createBenchDeps } from "./planung.bench.ts";

export const METRICS_POSTS = 10_000;
export const METRICS_ACCOUNTS = 500;
export const ERFOLG_POSTS = 2_000;
export const ERFOLG_RUNS = 60;
export const METRICS_TARGETS = {
  /** A snapshot is taken within the minute its round is due (one run a minute). */
  latenessP99Ms: 60_000,
  /** A minute's work must be done before the next minute's run. */
  tickMs: 60_000,
  rssGrowthMb: 50,
  erfolgP95Ms: 150,
} as const;
/** How long a stand-in network takes to answer a call. */
const NETWORK_MS = 100;
const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;
const BATCH: Record<"x" | "bluesky", number> = { x: 100, bluesky: 25 };

export type MetricsDayReport = {
  database: string;
  snapshots: number;
  latenessP99Ms: number;
  latenessMaxMs: number;
  tickP99Ms: number;
  tickMaxMs: number;
  calls: Record<"x" | "bluesky", { calls: number; ids: number; minimum: number }>;
  rssGrowthMb: number;
};

export type ErfolgReport = { database: string; p50Ms: number; p95Ms: number };

type CallLog = Record<"x" | "bluesky", { calls: number; ids: number; minimum: number }>;

/** X and Bluesky that answer figures for any id, growing with each look, after NETWORK_MS. */
function standInNetworks(deps: Pick<AppDeps, "env">, log: CallLog): Record<NetworkId, SocialNetwork> {
  const real = createSocialNetworks(deps.env.networks);
  const looks = new Map<string, number>();
  const answer = (network: "x" | "bluesky") => async (ids: string[]) => {
    if (ids.length > BATCH[network]) throw new Error(`${network}: ${ids.length} ids in one call`);
    log[network].calls += 1;
    log[network].ids += ids.length;
    await new Promise((resolve) => setTimeout(resolve, NETWORK_MS));
    const figures: MetricsAnswer = new Map();
    for (const id of ids) {
      const look = (looks.get(id) ?? 0) + 1;
      looks.set(id, look);
      figures.set(id, {
        likes: 3 * look,
        reposts: look,
        replies: look,
        quotes: 0,
        bookmarks: null,
        views: network === "x" ? 100 * look : null,
      });
    }
    return figures;
  };
  const standIn = (network: "x" | "bluesky"): SocialNetwork => ({
    ...real[network],
    configured: true,
    metricsBatchSize: BATCH[network],
    fetchPublicMetrics: answer(network),
  });
  return { ...real, x: standIn("x"), bluesky: standIn("bluesky") };
}

const TOKENS = {
  accessToken: "a",
  refreshToken: null,
  accessTokenExpiresAt: null,
  connectionExpiresAt: null,
  scope: null,
};

/** Users with one account each and `postsPerAccount` sent posts, sent at `sentAt(index)`. */
async function seedSentPosts(
  deps: AppDeps,
  accounts: { userId: string; network: NetworkId }[],
  postsPerAccount: number,
  sentAt: (index: number) => Date,
): Promise<{ accountIds: string[] }> {
  const accountIds: string[] = [];
  for (let start = 0; start < accounts.length; start += 100) {
    const batch = accounts.slice(start, start + 100);
    await deps.db
      .insert(user)
      .values(
        [...new Set(batch.map((account) => account.userId))].map((id) => ({
          id,
          name: id,
          email: `${id}@erfolg.bench`,
          emailVerified: true,
        })),
      )
      .onConflictDoNothing();
    const rows = batch.map((account, offset) => {
      const id = crypto.randomUUID();
      accountIds.push(id);
      return {
        id,
        userId: account.userId,
        network: account.network,
        externalId: `konto-${start + offset}`,
        handle: `@konto${start + offset}`,
        displayName: `Konto ${start + offset}`,
        ...tokenColumns(deps.tokenBox, id, TOKENS, null),
      };
    });
    await deps.db.insert(socialAccounts).values(rows);
  }
  let index = 0;
  const posts = accounts.flatMap((account, accountIndex) =>
    Array.from({ length: postsPerAccount }, () => {
      const at = sentAt(index++);
      const externalId = `${account.network}-${index}`;
      return {
        batchId: crypto.randomUUID(),
        userId: account.userId,
        accountId: accountIds[accountIndex] ?? null,
        network: account.network,
        accountHandle: `@konto${accountIndex}`,
        text: `Beitrag ${index} mit #Erfolg`,
        scheduledAt: at,
        nextAttemptAt: at,
        status: "sent" as const,
        sentAt: at,
        externalId,
        externalUrl: `https://example.test/${externalId}`,
      };
    }),
  );
  for (let start = 0; start < posts.length; start += 500)
    await deps.db.insert(publications).values(posts.slice(start, start + 500));
  return { accountIds };
}

export async function runMetricsDayBenchmark(
  log: (line: string) => void,
  postgresServerUrl?: string,
): Promise<MetricsDayReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  const calls: CallLog = {
    x: { calls: 0, ids: 0, minimum: 0 },
    bluesky: { calls: 0, ids: 0, minimum: 0 },
  };
  const probe = await createBenchDeps(bench.env, bench.database, createSocialNetworks(bench.env.networks));
  const deps = { ...probe, networks: standInNetworks(probe, calls) };
  try {
    const dayStart = new Date(Date.UTC(2026, 10, 2, 0, 0));
    const perAccount = METRICS_POSTS / METRICS_ACCOUNTS;
    const accounts = Array.from({ length: METRICS_ACCOUNTS }, (_, index) => ({
      userId: `erfolg-${index}`,
      network: (index % 2 === 0 ? "x" : "bluesky") as NetworkId,
    }));
    log(`${METRICS_POSTS} gesendete Beiträge auf ${METRICS_ACCOUNTS} Konten anlegen …`);
    // Spread over the day before and the day itself, a little apart so that rounds do not all meet.
    await seedSentPosts(
      deps,
      accounts,
      perAccount,
      (index) => new Date(dayStart.getTime() - DAY_MS + Math.floor((index * 2 * DAY_MS) / METRICS_POSTS) + 7_000),
    );
    // The day before has run already: its posts wait for their 24-hour round.
    const before = await deps.db
      .select({
        id: publications.id,
        userId: publications.userId,
        accountId: publications.accountId,
        network: publications.network,
        sentAt: publications.sentAt,
      })
      .from(publications)
      .where(eq(publications.status, "sent"));
    const ofDayBefore = before.filter((row) => row.sentAt && row.sentAt < dayStart);
    const dayRound = METRIC_ROUNDS_MS.indexOf(DAY_MS);
    for (let start = 0; start < ofDayBefore.length; start += 500)
      await deps.db.insert(postMetricTracks).values(
        ofDayBefore.slice(start, start + 500).map((row) => ({
          publicationId: row.id,
          userId: row.userId,
          accountId: row.accountId,
          network: row.network,
          nextRound: dayRound,
          dueAt: new Date((row.sentAt as Date).getTime() + DAY_MS),
        })),
      );

    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const ticks: number[] = [];
    log("Einen Tag lang jede Minute collectDueMetrics …");
    for (let minute = 0; minute <= 24 * 60; minute++) {
      const now = new Date(dayStart.getTime() + minute * MINUTE_MS);
      const xBefore = calls.x.ids;
      const skyBefore = calls.bluesky.ids;
      const started = performance.now();
      await collectDueMetrics(deps, now);
      ticks.push(performance.now() - started);
      calls.x.minimum += Math.ceil((calls.x.ids - xBefore) / BATCH.x);
      calls.bluesky.minimum += Math.ceil((calls.bluesky.ids - skyBefore) / BATCH.bluesky);
      if (minute % 240 === 0)
        log(`  ${String(minute / 60).padStart(2)} Uhr: ${calls.x.calls + calls.bluesky.calls} Aufrufe bisher`);
    }
    globalThis.gc?.();
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;

    const snapshots = await deps.db
      .select({ round: postMetricSnapshots.round, takenAt: postMetricSnapshots.takenAt, sentAt: publications.sentAt })
      .from(postMetricSnapshots)
      .innerJoin(publications, eq(publications.id, postMetricSnapshots.publicationId))
      .where(inArray(postMetricSnapshots.round, [0, 1, dayRound]));
    const lateness = snapshots
      .map((row) => row.takenAt.getTime() - ((row.sentAt as Date).getTime() + (METRIC_ROUNDS_MS[row.round] ?? 0)))
      .sort((a, b) => a - b);
    const sortedTicks = [...ticks].sort((a, b) => a - b);
    return {
      database: bench.label,
      snapshots: snapshots.length,
      latenessP99Ms: percentile(lateness, 0.99),
      latenessMaxMs: lateness.at(-1) ?? Number.NaN,
      tickP99Ms: percentile(sortedTicks, 0.99),
      tickMaxMs: sortedTicks.at(-1) ?? Number.NaN,
      calls,
      rssGrowthMb,
    };
  } finally {
    await deps.jobQueue.stop(5_000);
    await bench.close();
  }
}

export async function runErfolgBenchmark(postgresServerUrl?: string): Promise<ErfolgReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  const app = await startBenchApp(bench, createAiClient(null));
  try {
    const cookie = await app.signUpUser("erfolg@bench.test");
    const [owner] = await app.deps.db.select({ id: user.id }).from(user).where(eq(user.email, "erfolg@bench.test"));
    if (!owner) throw new Error("kein Nutzer");
    const start = Date.now() - 40 * DAY_MS;
    await seedSentPosts(
      app.deps,
      [
        { userId: owner.id, network: "x" },
        { userId: owner.id, network: "bluesky" },
      ],
      ERFOLG_POSTS / 2,
      (index) => new Date(start + index * 29 * 60_000),
    );
    const posts = await app.deps.db
      .select({ id: publications.id, sentAt: publications.sentAt, network: publications.network })
      .from(publications)
      .where(eq(publications.userId, owner.id));
    const rows = posts.flatMap((post, index) =>
      [0, 1, 2].map((round) => ({
        publicationId: post.id,
        position: 1,
        round,
        userId: owner.id,
        takenAt: new Date((post.sentAt as Date).getTime() + (METRIC_ROUNDS_MS[round] ?? 0)),
        deleted: false,
        likes: (index % 37) * (round + 1),
        reposts: index % 5,
        replies: index % 7,
        quotes: 0,
        bookmarks: post.network === "x" ? index % 3 : null,
        views: post.network === "x" ? 200 + (index % 400) * (round + 1) : null,
      })),
    );
    for (let offset = 0; offset < rows.length; offset += 500)
      await app.deps.db.insert(postMetricSnapshots).values(rows.slice(offset, offset + 500));
    const request = () => app.app.request("/api/metrics/report", { headers: { cookie } });
    for (let warmUp = 0; warmUp < 5; warmUp++) await (await request()).arrayBuffer();
    const durations: number[] = [];
    for (let run = 0; run < ERFOLG_RUNS; run++) {
      const started = performance.now();
      const response = await request();
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`/api/metrics/report: ${response.status}`);
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    return { database: bench.label, p50Ms: percentile(durations, 0.5), p95Ms: percentile(durations, 0.95) };
  } finally {
    await app.deps.jobQueue.stop(5_000);
    await bench.close();
  }
}
