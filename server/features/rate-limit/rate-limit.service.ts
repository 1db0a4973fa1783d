import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { rateLimitCounters } from "#server/db/schema/rate-limits.ts";

// Fixed-window counters in the database, so every app server sees the same counts (docs/design.md:
// app servers are stateless). They live in a table of their own (ADR 0020): Better Auth's
// `rate_limit` table is swept by Better Auth on its own one-minute window.

export type RateLimitRule = { name: string; max: number; windowMs: number };

/** `remaining` and `resetSeconds` feed the public API's RateLimit headers (ADR 0107). */
type RateLimitResult = { remaining: number; resetSeconds: number } & (
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number }
);

export async function consumeRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowOver = sql`${rateLimitCounters.windowEndsAt} <= ${now}`;
  // One statement: insert the first hit, or count on, or start a new window. Concurrent
  // requests serialise on the row, so none of them slips through uncounted.
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: `${rule.name}:${subject}`, count: 1, windowEndsAt: now + rule.windowMs })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${windowOver} then ${now + rule.windowMs} else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt });
  const resetSeconds = Math.max(1, Math.ceil(((row?.windowEndsAt ?? now) - now) / 1000));
  const remaining = Math.max(0, rule.max - (row?.count ?? 0));
  if (!row || row.count <= rule.max) return { allowed: true, remaining, resetSeconds };
  return { allowed: false, retryAfterSeconds: resetSeconds, remaining, resetSeconds };
}

/** Removes counters whose window is over: the next hit would start afresh anyway. */
export async function deleteExpiredRateLimits(db: Database, now = Date.now()): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, now));
}

/** Forgets a subject's counter: its next hit starts a new window. */
export async function resetRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, `${rule.name}:${subject}`));
}
