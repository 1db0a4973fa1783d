// Threads' daily limits, read before each post (ADR 0098): 250 posts and 1,000 replies in a moving
// 24 hours, from GET /{user}/threads_publishing_limit. When one is used up, the post goes out once
// the oldest post in the window has left it: a minute after that post's 24 hours.

type QuotaConfig = { quota_total?: number; quota_duration?: number };
const DEFAULT_DURATION_S = 86_400;
const MARGIN_MS = 60_000;

/** When the limit has room again, or null when it has room now. */
export async function quotaFreeAt(
  quota: Record<string, unknown>,
  reply: boolean,
  postsSince: (since: Date) => Promise<{ timestamp?: string }[]>,
  now = new Date(),
): Promise<Date | null> {
  const used = Number(quota[reply ? "reply_quota_usage" : "quota_usage"] ?? 0);
  const config = (quota[reply ? "reply_config" : "config"] ?? {}) as QuotaConfig;
  const total = config.quota_total ?? (reply ? 1000 : 250);
  const durationMs = (config.quota_duration ?? DEFAULT_DURATION_S) * 1000;
  if (used < total) return null;
  const windowStart = new Date(now.getTime() - durationMs);
  const times = (await postsSince(windowStart).catch(() => []))
    .map((post) => Date.parse(post.timestamp ?? ""))
    .filter((time) => Number.isFinite(time) && time >= windowStart.getTime());
  // Posts made elsewhere may not be listed: without one, the whole window is waited out.
  const oldest = times.length > 0 ? Math.min(...times) : now.getTime();
  return new Date(oldest + durationMs + MARGIN_MS);
}
