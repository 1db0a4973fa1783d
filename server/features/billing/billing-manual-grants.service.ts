import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { ENTITLING_STATUSES, isEntitlingStatus, type Plan } from "#shared/billing.ts";
import { afterPlanChanged, storedPlan } from "./billing-plans.service.ts";

// Plans an admin grants by hand, without Stripe (ADR 0024): a row in `subscriptions` without a
// Stripe subscription id, which ends with its period.

/**
 * ADR 0024: a plan an admin granted by hand ends with its period; Stripe is not asked. Run
 * before a generation (for that account), on /konto and by every app server's sweep; the
 * update is idempotent, so servers running it at once do no harm.
 */
export async function expireManualGrants(db: Database, now = new Date(), userId?: string): Promise<void> {
  const ended = await db
    .update(subscriptions)
    .set({ status: "canceled", updatedAt: now })
    .where(
      and(
        isNull(subscriptions.stripeSubscriptionId),
        inArray(subscriptions.status, [...ENTITLING_STATUSES]),
        lt(subscriptions.currentPeriodEnd, now),
        userId ? eq(subscriptions.userId, userId) : undefined,
      ),
    )
    .returning({ userId: subscriptions.userId, plan: subscriptions.plan });
  for (const row of ended) await afterPlanChanged(db, row.userId, row.plan);
}

/**
 * "Plan von Hand vergeben" (ADR 0024): runs MANUAL_GRANT_DAYS from now, a fresh period with a
 * fresh Pro allowance. A plan bought in Stripe is left alone: the customer pays for it.
 */
export async function grantPlanByHand(
  db: Database,
  userId: string,
  plan: Plan,
  grantedBy: string,
  until: Date,
): Promise<"granted" | "stripe"> {
  const current = await storedPlan(db, userId, plan);
  if (current?.stripeSubscriptionId && isEntitlingStatus(current.status)) return "stripe";
  const values = {
    stripeSubscriptionId: null,
    grantedBy,
    status: "active",
    currentPeriodEnd: until,
    cancelAtPeriodEnd: false,
    runsInPeriod: 0,
    updatedAt: new Date(),
  };
  await db
    .insert(subscriptions)
    .values({ userId, plan, ...values })
    .onConflictDoUpdate({ target: [subscriptions.userId, subscriptions.plan], set: values });
  await afterPlanChanged(db, userId, plan);
  return "granted";
}

/** "Plan von Hand entziehen": ends a plan granted by hand at once; Stripe's plans end in Stripe. */
export async function revokePlanByHand(
  db: Database,
  userId: string,
  plan: Plan,
): Promise<"revoked" | "stripe" | "none"> {
  const current = await storedPlan(db, userId, plan);
  if (!current || !isEntitlingStatus(current.status)) return "none";
  if (current.stripeSubscriptionId) return "stripe";
  await db
    .update(subscriptions)
    .set({ status: "canceled", currentPeriodEnd: new Date(), updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)));
  await afterPlanChanged(db, userId, plan);
  return "revoked";
}
