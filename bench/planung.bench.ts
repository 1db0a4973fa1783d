import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { createDeps } from "#server/bootstrap.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import type { Env } from "#server/env.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { startDeliveryWorkers } from "#server/features/publishing/delivery.service.ts";
import { createPosts } from "#server/features/publishing/publishing.service.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { createLogger } from "#server/logger.ts";
import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";
import { openBenchDatabase, percentile } from "./bench-app.ts";
import { type Arrivals, benchNetworks, PLANNING_NETWORK_MS, recordArrival } from "./planung-network.ts";

// `npm run bench -- planung` (ADR 0053): 1,000 posts of 200 accounts due within one minute, the
// network answering each post after 200 ms. Measures how late each post reaches the network
// after its planned time (p50, p99), posts that arrived twice or never, and the server's RSS
// growth while it sends. The network is an in-process stand-in (bench/planung-network.ts).
// The same posts with a server killed mid-send: bench/planung-kill.bench.ts.

export const PLANNING_POSTS = 1_000;
export const PLANNING_ACCOUNTS = 200;
export const PLANNING_TARGETS = { p99LatenessMs: 5_000, rssGrowthMb: 50 };
export const PLANNING_USER_ID = "planung-bench";
/** The posts fall due one after the other across this long. */
export const SPREAD_MS = 60_000;
/** Time to set everything up before the first post is due. */
const LEAD_MS = 30_000;

export type PlanningReport = {
  database: string;
  p50LatenessMs: number;
  p99LatenessMs: number;
  duplicates: number;
  lost: number;
  rssGrowthMb: number;
};

export async function runPlanningBenchmark(postgresServerUrl?: string): Promise<PlanningReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  const arrivals: Arrivals = new Map();
  const deps = await createBenchDeps(
    bench.env,
    bench.database,
    benchNetworks(async (text) => {
      recordArrival(arrivals, text);
      await new Promise((resolve) => setTimeout(resolve, PLANNING_NETWORK_MS));
    }),
  );
  try {
    const firstDue = Date.now() + LEAD_MS;
    const due = await seedPlanning(deps, firstDue);
    if (Date.now() > firstDue) throw new Error("Das Anlegen dauerte länger als der Vorlauf");

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 250);
    await startDeliveryWorkers(deps);
    const deadline = firstDue + SPREAD_MS + 120_000;
    let open = PLANNING_POSTS;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rows = await deps.db
        .select({ id: publications.id })
        .from(publications)
        .where(and(eq(publications.userId, PLANNING_USER_ID), inArray(publications.status, ["planned", "sending"])));
      open = rows.length;
    }
    clearInterval(sampler);

    const lateness = [...due.entries()]
      .map(([text, at]) => (arrivals.get(text)?.[0] ?? Number.NaN) - at)
      .filter((value) => !Number.isNaN(value))
      .sort((a, b) => a - b);
    return {
      database: bench.label,
      p50LatenessMs: percentile(lateness, 0.5),
      p99LatenessMs: percentile(lateness, 0.99),
      duplicates: [...arrivals.values()].filter((times) => times.length > 1).length,
      lost: [...due.keys()].filter((text) => !arrivals.has(text)).length,
      rssGrowthMb: (rssPeak - rssBefore) / 1024 / 1024,
    };
  } finally {
    await deps.jobQueue.stop(5_000);
    await bench.close();
  }
}

/** The product's dependencies on the bench's database, as server/main.ts builds them, with the stand-in network. */
export async function createBenchDeps(
  env: Env,
  database: DatabaseHandle,
  networks: Record<NetworkId, SocialNetwork>,
): Promise<AppDeps> {
  const clientDir = path.join(env.DATA_DIR, "no-client-build");
  await fs.mkdir(clientDir, { recursive: true });
  return createDeps({
    env,
    database,
    logger: createLogger(env),
    pages: loadPageDocuments(clientDir),
    overrides: { networks },
  });
}

/**
 * The bench's user, PLANNING_ACCOUNTS accounts and PLANNING_POSTS posts due one after the other
 * across SPREAD_MS from `firstDue` on, ten per write (one post to ten accounts). Returns each
 * post's text with its due time.
 */
export async function seedPlanning(deps: AppDeps, firstDue: number): Promise<Map<string, number>> {
  const userId = PLANNING_USER_ID;
  await deps.db.insert(user).values({ id: userId, name: "Bench", email: "planung@bench.test", emailVerified: true });
  const accountIds = Array.from({ length: PLANNING_ACCOUNTS }, () => crypto.randomUUID());
  await deps.db.insert(socialAccounts).values(
    accountIds.map((id, index) => ({
      id,
      userId,
      network: NETWORK_IDS[index % NETWORK_IDS.length] ?? "bluesky",
      externalId: `bench-${index}`,
      handle: `@bench${index}`,
      displayName: `Bench ${index}`,
      ...tokenColumns(
        deps.tokenBox,
        id,
        { accessToken: "a", refreshToken: null, accessTokenExpiresAt: null, connectionExpiresAt: null, scope: null },
        null,
      ),
    })),
  );
  await deps.publishingQueue.ready();
  const due = new Map<string, number>();
  for (let start = 0; start < PLANNING_POSTS; start += 10) {
    const at = firstDue + Math.floor((start / PLANNING_POSTS) * SPREAD_MS);
    const targets = Array.from({ length: 10 }, (_, offset) => {
      const text = `Planung ${start + offset}`;
      due.set(text, at);
      return { accountId: accountIds[(start + offset) % PLANNING_ACCOUNTS] ?? "", text };
    });
    await createPosts(deps, userId, { targets }, new Date(at));
  }
  return due;
}
