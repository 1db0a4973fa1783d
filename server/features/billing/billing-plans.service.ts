import { and, eq } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { isEntitlingStatus, PLANS, type Plan } from "#shared/billing.ts";
import { SUBSCRIPTION_ACTIVE } from "#shared/credits.ts";

// The plans an account has, as stored (ADR 0023): one row per account and plan in
// `subscriptions`, kept current by the Stripe sync (billing-stripe-sync.service.ts) and by the
// admin's manual grants (billing-manual-grants.service.ts). Every writer of a row calls
// afterPlanChanged, so what follows from a plan is decided in one place.

export type BillingDeps = Pick<AppDeps, "db" | "env" | "payments" | "mailer">;

export type PlanState = {
  active: boolean;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  runsInPeriod: number;
};

/** Both plans of an account as we last heard from Stripe; a plan never bought is null. */
export async function getPlanStates(db: Database, userId: string): Promise<Record<Plan, PlanState | null>> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const states = { generator_pro: null, optimizer_premium: null } as Record<Plan, PlanState | null>;
  for (const row of rows) {
    if (!(PLANS as readonly string[]).includes(row.plan)) continue;
    states[row.plan as Plan] = {
      active: isEntitlingStatus(row.status),
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      runsInPeriod: row.runsInPeriod,
    };
  }
  return states;
}

/** The stored row of one plan: which Stripe subscription it is (null when granted by hand) and its status. */
export async function storedPlan(
  db: Database,
  userId: string,
  plan: string,
): Promise<{ stripeSubscriptionId: string | null; status: string } | undefined> {
  const [row] = await db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)));
  return row;
}

export async function hasPlan(db: Database, userId: string, plan: Plan): Promise<boolean> {
  return isEntitlingStatus((await storedPlan(db, userId, plan))?.status);
}

/**
 * Runs after every change of a stored plan, whoever made it. Spec section 3:
 * profiles.subscription_status is 'active' exactly while Generator Pro is, bought in Stripe or
 * granted by hand; the credit rules read it.
 */
export async function afterPlanChanged(db: Database, userId: string, plan: string): Promise<void> {
  if (plan !== "generator_pro") return;
  const [row] = await db
    .select({ status: subscriptions.status, periodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)));
  const active = isEntitlingStatus(row?.status);
  await db
    .update(profiles)
    .set({
      subscriptionStatus: active ? SUBSCRIPTION_ACTIVE : "free",
      subscriptionPeriodEnd: active ? (row?.periodEnd ?? null) : null,
    })
    .where(eq(profiles.id, userId));
}
