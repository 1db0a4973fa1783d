import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { AppDeps } from "#server/app-env.ts";
import { createDeps } from "#server/bootstrap.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import type { Env } from "#server/env.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { storeMedia } from "#server/features/media/media.service.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { startDeliveryWorkers } from "#server/features/publishing/delivery.service.ts";
import { createPosts } from "#server/features/publishing/publishing.service.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { createLogger } from "#server/logger.ts";
import { NETWORK_IDS, NETWORKS, type NetworkId } from "#shared/networks.ts";
import { openBenchDatabase, percentile } from "./bench-app.ts";
import { benchNetworks, createNetworkSide, type Received } from "./planung-network.ts";

// `npm run bench -- planung` (ADR 0053): 1,000 posts of 200 accounts on all seven networks due within
// one minute, the network answering each call after 200 ms; Instagram's posts carry an uploaded
// image, Instagram and Threads publish through containers the queue comes back to (ADR 0074).
// Measures, overall and per network, how late each post reaches the network after its planned time
// (p50, p99; for containers also beyond the waits the network asked for), posts that arrived twice
// or never, and the server's RSS growth while it sends. The network is an in-process stand-in
// (bench/planung-network.ts). The same posts with a server killed mid-send: bench/planung-kill.bench.ts.

export const PLANNING_POSTS = 1_000;
export const PLANNING_ACCOUNTS = 200;
export const PLANNING_TARGETS = { p99LatenessMs: 5_000, rssGrowthMb: 50 };
export const PLANNING_USER_ID = "planung-bench";
/** The posts fall due one after the other across this long. */
export const SPREAD_MS = 60_000;
/** Time to set everything up before the first post is due. */
const LEAD_MS = 60_000;
/**
 * How long after the last post is due the bench waits for the others: a Threads container may be
 * looked at three times a minute apart (bench/planung-network.ts), with room for a slow queue.
 */
export const CONTAINER_ALLOWANCE_MS = 240_000;

/** One post of the bench: when it is due and where it goes. */
export type DuePost = { at: number; network: NetworkId };

/** Figures of all posts ("alle") or of one network's. */
export type NetworkFigures = {
  network: NetworkId | "alle";
  posts: number;
  p50LatenessMs: number;
  p99LatenessMs: number;
  /** Lateness less the waits the network asked for between a container's steps: the queue's own. */
  p99BeyondWaitsMs: number;
  duplicates: number;
  lost: number;
};

export type PlanningReport = {
  database: string;
  /** All posts first, then each network's. */
  figures: NetworkFigures[];
  rssGrowthMb: number;
};

export async function runPlanningBenchmark(postgresServerUrl?: string): Promise<PlanningReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  const { side, received } = createNetworkSide();
  const deps = await createBenchDeps(bench.env, bench.database, benchNetworks(bench.env.networks, side));
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
    const deadline = firstDue + SPREAD_MS + CONTAINER_ALLOWANCE_MS;
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

    return {
      database: bench.label,
      figures: figuresByNetwork(due, received),
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
 * The bench's user, PLANNING_ACCOUNTS accounts (the seven networks in turn) and PLANNING_POSTS posts
 * due one after the other across SPREAD_MS from `firstDue` on, ten per write (one post to ten
 * accounts); the posts to networks that need an image (Instagram) are written apart with an image
 * uploaded as the composer does. Returns each post's text with its due time and network.
 */
export async function seedPlanning(deps: AppDeps, firstDue: number): Promise<Map<string, DuePost>> {
  const userId = PLANNING_USER_ID;
  await deps.db.insert(user).values({ id: userId, name: "Bench", email: "planung@bench.test", emailVerified: true });
  const accounts = Array.from({ length: PLANNING_ACCOUNTS }, (_, index) => ({
    id: crypto.randomUUID(),
    network: NETWORK_IDS[index % NETWORK_IDS.length] ?? "bluesky",
  }));
  await deps.db.insert(socialAccounts).values(
    accounts.map(({ id, network }, index) => ({
      id,
      userId,
      network,
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
  const image = await uploadBenchImage(deps, userId);
  await deps.publishingQueue.ready();
  const due = new Map<string, DuePost>();
  for (let start = 0; start < PLANNING_POSTS; start += 10) {
    const at = firstDue + Math.floor((start / PLANNING_POSTS) * SPREAD_MS);
    const targets = Array.from({ length: 10 }, (_, offset) => {
      const text = `Planung ${start + offset}`;
      const account = accounts[(start + offset) % PLANNING_ACCOUNTS] ?? { id: "", network: "bluesky" as const };
      due.set(text, { at, network: account.network });
      return { accountId: account.id, text, withImage: NETWORKS[account.network].imageRequired };
    });
    for (const withImage of [false, true]) {
      const group = targets.filter((target) => target.withImage === withImage);
      if (group.length === 0) continue;
      const posts = { targets: group.map(({ accountId, text }) => ({ accountId, text })) };
      await createPosts(deps, userId, withImage ? { ...posts, image } : posts, new Date(at));
    }
  }
  return due;
}

/** A 1080 × 1080 JPEG (Instagram's square) through the composer's upload (media.service.ts). */
async function uploadBenchImage(deps: AppDeps, userId: string) {
  const bytes = await sharp({
    create: {
      width: 1080,
      height: 1080,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const upload = await storeMedia(deps, userId, bytes);
  if (!upload.ok) throw new Error(`Bild-Upload abgelehnt: ${upload.error}`);
  return { url: upload.url, alt: "Bench-Bild" };
}

/**
 * Lateness (first arrival − due), duplicates and lost posts among `due`, of all posts and of each
 * network. `include` narrows the lateness to some posts (the kill bench: those recorded as sent).
 */
export function figuresByNetwork(
  due: Map<string, DuePost>,
  received: Pick<Received, "arrivals" | "waitsMs">,
  include: (text: string) => boolean = () => true,
): NetworkFigures[] {
  const figures = (network: NetworkFigures["network"]): NetworkFigures => {
    const texts = [...due.entries()]
      .filter(([, post]) => network === "alle" || post.network === network)
      .map(([text]) => text);
    const lateness: number[] = [];
    const beyondWaits: number[] = [];
    for (const text of texts) {
      const arrived = received.arrivals.get(text)?.[0];
      const at = due.get(text)?.at;
      if (arrived === undefined || at === undefined || !include(text)) continue;
      lateness.push(arrived - at);
      beyondWaits.push(arrived - at - (received.waitsMs.get(text) ?? 0));
    }
    lateness.sort((a, b) => a - b);
    beyondWaits.sort((a, b) => a - b);
    return {
      network,
      posts: texts.length,
      p50LatenessMs: percentile(lateness, 0.5),
      p99LatenessMs: percentile(lateness, 0.99),
      p99BeyondWaitsMs: percentile(beyondWaits, 0.99),
      duplicates: texts.filter((text) => (received.arrivals.get(text)?.length ?? 0) > 1).length,
      lost: texts.filter((text) => !received.arrivals.has(text)).length,
    };
  };
  return [figures("alle"), ...NETWORK_IDS.map(figures)];
}
