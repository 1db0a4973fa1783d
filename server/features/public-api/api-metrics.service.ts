import type { AppDeps } from "#server/app-env.ts";
import { metricPosts, postMetrics } from "#server/features/metrics/metrics.service.ts";
import { METRICS_MESSAGES, type MetricPost, type PostMetricsView } from "#shared/metrics.ts";
import { PublicApiRefusal } from "./public-api-refusal.ts";

// The figures of sent posts for /api/v1 and the MCP tool get_metrics (ADR 0104, 0107): what the
// post dialog and the Erfolg page read (metrics.service.ts), only the caller's own posts.

export async function apiMetricPosts(deps: Pick<AppDeps, "db">, userId: string): Promise<{ posts: MetricPost[] }> {
  return { posts: await metricPosts(deps.db, userId) };
}

export async function apiPostMetrics(
  deps: Pick<AppDeps, "db" | "networks">,
  userId: string,
  postId: string,
): Promise<PostMetricsView> {
  const view = await postMetrics(deps, userId, postId);
  if (!view) throw new PublicApiRefusal("POST_NOT_FOUND", 404, METRICS_MESSAGES.notFound);
  return view;
}
