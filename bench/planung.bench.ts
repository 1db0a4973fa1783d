import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { createDeps } from "#server/bootstrap.ts";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/connections/account-tokens.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { startDeliveryWorkers } from "#server/features/publishing/delivery.service.ts";
import { createPosts } from "#server/features/publishing/publishing.service.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { createLogger } from "#server/logger.ts";
import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";
import { openBenchDatabase, percentile } from "./bench-app.ts";

// `npm run bench -- planung` (ADR 0053): 1,000 posts of 200 accounts due within one minute, the
// network answering each post after 200 ms. Measures how late each post reaches the network
// after its planned time (p50, p99), posts that arrived twice or never, and the server's RSS
// growth while it sends. The network is an in-process stand-in (bench/ does not import tests/).

export const PLANNING_POSTS = 1_000;
export const PLANNING_ACCOUNTS = 200;
export const PLANNING_NETWORK_MS = 200;
export const PLANNING_TARGETS = { p99LatenessMs: 5_000, rssGrowthMb: 50 };
const SPREAD_MS = 60_000;
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

function benchNetworks(arrivals: Map<string, number[]>): Record<NetworkId, SocialNetwork> {
  return Object.fromEntries(
    NETWORK_IDS.map((id) => {
      const network: SocialNetwork = {
        id,
        configured: true,
        connect: { kind: "app-password", signIn: async () => Promise.reject(new Error("not in the bench")) },
        refresh: async (tokens) => tokens,
        identity: async () => ({ externalId: id, handle: id, displayName: id, profileUrl: null }),
        async publish(_tokens, _identity, input) {
          const arrived = arrivals.get(input.text) ?? [];
          arrived.push(Date.now());
          arrivals.set(input.text, arrived);
          await new Promise((resolve) => setTimeout(resolve, PLANNING_NETWORK_MS));
          const externalId = crypto.randomUUID();
          return { status: "published", post: { externalId, url: `https://${id}.example/${externalId}` } };
        },
        deletePost: async () => undefined,
        limits: { postsPerWindow: 100, windowMs: 15 * 60_000 },
      };
      return [id, network];
    }),
  ) as Record<NetworkId, SocialNetwork>;
}

export async function runPlanningBenchmark(postgresServerUrl?: string): Promise<PlanningReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  const arrivals = new Map<string, number[]>();
  const clientDir = path.join(bench.env.DATA_DIR, "no-client-build");
  await fs.mkdir(clientDir, { recursive: true });
  const deps = await createDeps({
    env: bench.env,
    database: bench.database,
    logger: createLogger(bench.env),
    pages: loadPageDocuments(clientDir),
    overrides: { networks: benchNetworks(arrivals) },
  });
  try {
    const userId = "planung-bench";
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
    // Due one after the other across a minute, ten per write (one post to ten accounts).
    const firstDue = Date.now() + LEAD_MS;
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
        .where(and(eq(publications.userId, userId), inArray(publications.status, ["planned", "sending"])));
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
