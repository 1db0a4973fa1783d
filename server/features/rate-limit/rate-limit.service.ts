import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rateLimit } from "../../db/schema/auth.ts";

// Fixed-window counters in the `rate_limit` table that Better Auth also uses, so every app
// server sees the same counts (DESIGN.md: app servers are stateless). Our keys start with
// "postwerk:" and never collide with Better Auth's (address + path). `last_request` holds
// the start of the current window.

export type RateLimitRule = { name: string; max: number; windowMs: number };

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function consumeRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowExpired = sql`${rateLimit.lastRequest} <= ${now - rule.windowMs}`;
  // One statement: insert the first hit, or count on, or start a new window. Concurrent
  // requests serialise on the row, so none of them slips through uncounted.
  const [row] = await db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key: `postwerk:${rule.name}:${subject}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${windowExpired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${windowExpired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row || row.count <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000)) };
}
