import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { metricReadCaps, metricReads } from "#server/db/schema/metrics.ts";
import { getPlanStates } from "#server/features/billing/billing-plans.service.ts";
import type { NetworkId } from "#shared/networks.ts";
import { CAP_PLANS, type CapPlan, highestCap, type PublishingCap } from "#shared/publishing-caps.ts";
import { DEFAULT_TIME_ZONE, toWallTime } from "#shared/wall-time.ts";

// Post reads for the metrics (ADR 0105): X bills the operator per post returned, so every read is
// counted per user, network and Berlin month (the admin's usage panel sums them), and the operator
// may cap them per plan like the publishing caps: no row no cap, 0 no metrics for the plan.

/** "YYYY-MM" of `instant` in Berlin, the month the operator's bills and caps count in. */
export function readMonth(instant: Date): string {
  return toWallTime(instant, DEFAULT_TIME_ZONE).date.slice(0, 7);
}

/** The read cap of a user's plans for a network: "free" applies to everyone, the highest cap wins. */
export async function readCapOf(db: Database, userId: string, network: NetworkId): Promise<PublishingCap> {
  const rows = await db
    .select({ plan: metricReadCaps.plan, monthlyMax: metricReadCaps.monthlyMax })
    .from(metricReadCaps)
    .where(eq(metricReadCaps.network, network));
  const capOfPlan = (plan: CapPlan) => rows.find((row) => row.plan === plan)?.monthlyMax ?? null;
  if (capOfPlan("free") === null) return null;
  const states = await getPlanStates(db, userId);
  return highestCap(CAP_PLANS.filter((plan) => plan === "free" || states[plan]?.active).map(capOfPlan));
}

export async function readsThisMonth(db: Database, userId: string, network: NetworkId, now: Date): Promise<number> {
  const [row] = await db
    .select({ reads: metricReads.reads })
    .from(metricReads)
    .where(
      and(eq(metricReads.userId, userId), eq(metricReads.network, network), eq(metricReads.month, readMonth(now))),
    );
  return row?.reads ?? 0;
}

/** How many posts the user may still have read this month on the network; null: no cap. */
export async function readsLeft(db: Database, userId: string, network: NetworkId, now: Date): Promise<number | null> {
  const cap = await readCapOf(db, userId, network);
  if (cap === null) return null;
  return Math.max(0, cap - (await readsThisMonth(db, userId, network, now)));
}

/** Adds `reads` to the month's count, one atomic upsert (two servers may count at once). */
export async function countReads(
  db: Database,
  userId: string,
  network: NetworkId,
  now: Date,
  reads: number,
): Promise<void> {
  if (reads <= 0) return;
  await db
    .insert(metricReads)
    .values({ userId, network, month: readMonth(now), reads })
    .onConflictDoUpdate({
      target: [metricReads.userId, metricReads.network, metricReads.month],
      set: { reads: sql`${metricReads.reads} + ${reads}` },
    });
}

/** The admin's figure: posts read this month per network, all users. */
export async function readsOfMonth(db: Database, now: Date): Promise<Partial<Record<NetworkId, number>>> {
  const rows = await db
    .select({ network: metricReads.network, reads: sql<number>`sum(${metricReads.reads})::int` })
    .from(metricReads)
    .where(eq(metricReads.month, readMonth(now)))
    .groupBy(metricReads.network);
  return Object.fromEntries(rows.map((row) => [row.network, Number(row.reads)]));
}
