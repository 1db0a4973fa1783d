import { and, asc, eq, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { postMetricSnapshots, postMetricTracks } from "#server/db/schema/metrics.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { figuresOf, type SnapshotRow, sentPosts } from "#server/features/own-results/sent-posts.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import {
  buildReport,
  type ErfolgReport,
  interactions,
  type MetricPoint,
  type MetricPost,
  type PostFigures,
  type PostMetricsView,
  sumFigures,
} from "#shared/metrics.ts";

// What the post dialog and the Erfolg page read of the snapshots (ADR 0106). A thread counts as one
// post: its posts' figures at the same round added up. Only the user's own rows, always by user id.

/** Per round the thread's (or post's) figures, oldest round first; deleted once any snapshot says so. */
function rounds(rows: SnapshotRow[]): {
  points: MetricPoint[];
  latest: PostFigures | null;
  takenAt: string | null;
  deleted: boolean;
} {
  const byRound = new Map<number, SnapshotRow[]>();
  for (const row of rows) byRound.set(row.round, [...(byRound.get(row.round) ?? []), row]);
  const points: MetricPoint[] = [];
  let latest: PostFigures | null = null;
  let takenAt: string | null = null;
  for (const round of [...byRound.keys()].sort((a, b) => a - b)) {
    const ofRound = (byRound.get(round) ?? []).filter((row) => !row.deleted);
    const sum = sumFigures(ofRound.map(figuresOf));
    if (!sum) continue;
    latest = sum;
    takenAt = (ofRound[0] as SnapshotRow).takenAt.toISOString();
    points.push({ takenAt, round, interactions: interactions(sum), views: sum.views });
  }
  const deleted = rows.some((row) => row.deleted && row.position === 1);
  return { points, latest, takenAt, deleted };
}

/** The figures of one of the user's posts, or null when it is not theirs. */
export async function postMetrics(
  deps: Pick<AppDeps, "db" | "networks">,
  userId: string,
  publicationId: string,
): Promise<PostMetricsView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(publicationId)) return null;
  const [publication] = await deps.db
    .select({ network: publications.network, status: publications.status })
    .from(publications)
    .where(and(eq(publications.id, publicationId), eq(publications.userId, userId)));
  if (!publication) return null;
  if (!deps.networks[publication.network].fetchMetrics) return { state: "unavailable" };
  const rows = await deps.db
    .select()
    .from(postMetricSnapshots)
    .where(and(eq(postMetricSnapshots.publicationId, publicationId), eq(postMetricSnapshots.userId, userId)))
    .orderBy(asc(postMetricSnapshots.round), asc(postMetricSnapshots.position));
  const { points, latest, takenAt, deleted } = rounds(rows);
  if (deleted) return { state: "deleted", latest, points };
  if (!latest || !takenAt) return { state: "pending" };
  return { state: "ok", latest, takenAt, points };
}

/** Every sent post of the user with its latest figures (null before the first snapshot). */
export async function metricPosts(db: Database, userId: string): Promise<MetricPost[]> {
  return (await sentPosts(db, userId)).map(({ postCount: _posts, ...post }) => post);
}

export async function erfolgReport(db: Database, userId: string): Promise<ErfolgReport> {
  const [posts, timeZone] = await Promise.all([metricPosts(db, userId), userTimeZone(db, userId)]);
  return buildReport(posts, timeZone);
}

/** For the data export: every snapshot of the user (ADR 0104). */
export async function exportSnapshots(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(postMetricSnapshots)
    .where(eq(postMetricSnapshots.userId, userId))
    .orderBy(asc(postMetricSnapshots.takenAt));
  return rows.map(({ userId: _user, ...row }) => ({ ...row, takenAt: row.takenAt.toISOString() }));
}

/** How many posts still wait for figures (the page says so while the first ones come in). */
export async function pendingTracks(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postMetricTracks)
    .where(and(eq(postMetricTracks.userId, userId), sql`${postMetricTracks.stoppedReason} is null`));
  return Number(row?.n ?? 0);
}
