import { and, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { user as users } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import type { CheckoutResult, PaymentSubscription, RefundReason } from "#server/integrations/stripe/stripe-payments.ts";
import type { Logger } from "#server/logger.ts";
import { ENTITLING_STATUSES, isEntitlingStatus, type Plan } from "#shared/billing.ts";
import { storeCompany, storeCustomer, userOfCustomer } from "./billing-customers.service.ts";
import { afterPlanChanged, type BillingDeps, storedPlan } from "./billing-plans.service.ts";

// Stripe is the source of truth (ADR 0023): whatever tells us that a subscription changed (a
// webhook, the status check, a cancellation) makes us read it from Stripe again and store what
// Stripe says now, so replays and events out of order end in the same state. ADR 0048: one
// running subscription per customer and plan, and none for an account that no longer exists.

// What was stored for an account, for the mails that follow a purchase or a failed payment.
export type SyncedSubscription = { userId: string; plan: Plan; status: string; currentPeriodEnd: Date | null };

/**
 * A paid Checkout: stores the customer, the company and the subscription. Returns null, so no
 * purchase mail goes out, when the purchase is undone: the account no longer exists (ADR 0048:
 * deleted while Checkout was open), or it already has the plan from an earlier subscription.
 */
export async function applyCheckout(
  deps: BillingDeps,
  log: Logger,
  checkout: CheckoutResult,
): Promise<SyncedSubscription | null> {
  const { userId, customerId, company, subscriptionId } = checkout;
  if (userId && !(await accountExists(deps.db, userId))) {
    // Storing it would break the foreign key, and Stripe would retry (and bill) forever.
    if (subscriptionId) await undoSubscription(deps, log, subscriptionId, "requested_by_customer");
    return null;
  }
  if (userId && customerId) await storeCustomer(deps.db, userId, customerId);
  if (userId && company) await storeCompany(deps.db, userId, company);
  return subscriptionId ? syncSubscription(deps, subscriptionId, userId, log) : null;
}

/**
 * Reads the subscription from Stripe and stores it. The account comes from the checkout
 * (userId) or from the Stripe customer we created for it.
 */
export async function syncSubscription(
  deps: BillingDeps,
  subscriptionId: string,
  userId: string | null,
  log: Logger,
): Promise<SyncedSubscription | null> {
  if (!deps.payments) return null;
  const subscription = await deps.payments.getSubscription(subscriptionId);
  if (!subscription) {
    // Stripe no longer knows it: whatever we stored for it has ended.
    const [ended] = await deps.db
      .update(subscriptions)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId))
      .returning({ userId: subscriptions.userId, plan: subscriptions.plan });
    if (ended) await afterPlanChanged(deps.db, ended.userId, ended.plan);
    return null;
  }
  const owner = userId ?? (await userOfCustomer(deps.db, subscription.customerId));
  const plan = subscription.plan;
  if (!owner) {
    // Ours (checkout wrote our user id into it), but the account is gone: ADR 0048.
    if (subscription.userId && !(await accountExists(deps.db, subscription.userId)))
      await undoSubscription(deps, log, subscription.id, "requested_by_customer");
    return null;
  }
  if (!plan) return null;
  if (await replacesRunningSubscription(deps.db, owner, subscription, plan)) {
    // A second running subscription of a plan the account has (two Checkouts paid): Stripe
    // decides which is the later one; that one is undone and never stored (ADR 0048).
    const kept = await endDuplicateSubscriptions(deps, log, owner, subscription.customerId, plan);
    if (kept && kept.id !== subscription.id) {
      await storeSubscription(deps.db, owner, { ...kept, plan });
      return null;
    }
  }
  await storeSubscription(deps.db, owner, { ...subscription, plan });
  return { userId: owner, plan, status: subscription.status, currentPeriodEnd: subscription.currentPeriodEnd };
}

async function accountExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** Would storing this running subscription replace another running one of the plan? */
async function replacesRunningSubscription(
  db: Database,
  userId: string,
  subscription: PaymentSubscription,
  plan: Plan,
): Promise<boolean> {
  if (!isEntitlingStatus(subscription.status)) return false;
  const stored = await storedPlan(db, userId, plan);
  return (
    !!stored?.stripeSubscriptionId &&
    stored.stripeSubscriptionId !== subscription.id &&
    isEntitlingStatus(stored.status)
  );
}

/**
 * ADR 0048: one running subscription per customer and plan. Stripe is asked for all of them;
 * the oldest stays, every later one is refunded and ended. Refund first, then cancel: a failure
 * in between leaves the subscription running, so Stripe's retry of the event finds it again, and
 * the refund is not repeated (idempotency key, "already refunded"). Returns the kept one's id.
 */
async function endDuplicateSubscriptions(
  deps: BillingDeps,
  log: Logger,
  userId: string,
  customerId: string,
  plan: Plan,
): Promise<PaymentSubscription | null> {
  if (!deps.payments) return null;
  const running = (await deps.payments.listSubscriptions(customerId))
    .filter((subscription) => subscription.plan === plan && isEntitlingStatus(subscription.status))
    .sort((a, b) => a.created.getTime() - b.created.getTime() || a.id.localeCompare(b.id));
  const [kept, ...duplicates] = running;
  if (!kept) return null;
  for (const duplicate of duplicates) {
    await deps.payments.refundPayments(duplicate.id, "duplicate");
    await deps.payments.cancelNow(duplicate.id);
    log.warn({ userId, subscriptionId: duplicate.id, kept: kept.id, plan }, "Doppeltes Abo erstattet und beendet");
  }
  return kept;
}

/**
 * A subscription without an account (deleted while its Checkout was open): nobody can use it, so
 * it is refunded and ended, and the webhook still answers 2xx. One that already ended is left.
 */
async function undoSubscription(
  deps: BillingDeps,
  log: Logger,
  subscriptionId: string,
  reason: RefundReason,
): Promise<void> {
  if (!deps.payments) return;
  const subscription = await deps.payments.getSubscription(subscriptionId);
  if (!subscription || subscription.status === "canceled" || subscription.status === "incomplete_expired") return;
  const refunds = await deps.payments.refundPayments(subscriptionId, reason);
  await deps.payments.cancelNow(subscriptionId);
  log.warn(
    { subscriptionId, userId: subscription.userId, refunds },
    "Abo ohne bestehendes Konto erstattet und beendet",
  );
}

async function storeSubscription(db: Database, userId: string, subscription: PaymentSubscription & { plan: Plan }) {
  await db
    .insert(subscriptions)
    .values({
      userId,
      plan: subscription.plan,
      stripeSubscriptionId: subscription.id,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.plan],
      set: {
        stripeSubscriptionId: sql`excluded.stripe_subscription_id`,
        grantedBy: null,
        status: sql`excluded.status`,
        currentPeriodEnd: sql`excluded.current_period_end`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        // A new billing period (or a new subscription) starts Pro's allowance afresh (ADR 0023).
        runsInPeriod: sql`case when excluded.stripe_subscription_id is distinct from ${subscriptions.stripeSubscriptionId}
          or excluded.current_period_end > ${subscriptions.currentPeriodEnd} then 0 else ${subscriptions.runsInPeriod} end`,
        updatedAt: new Date(),
      },
      // An older subscription's late news never replaces a running newer one.
      setWhere: sql`${subscriptions.stripeSubscriptionId} = excluded.stripe_subscription_id
        or ${notInArray(subscriptions.status, [...ENTITLING_STATUSES])}
        or ${inArray(sql`excluded.status`, [...ENTITLING_STATUSES])}`,
    });
  await afterPlanChanged(db, userId, subscription.plan);
  if (subscription.plan === "optimizer_premium" && isEntitlingStatus(subscription.status)) {
    // ADR 0023: buying Premium ends a running trial; it is used up either way.
    await db
      .update(profiles)
      .set({ trialEndsAt: new Date() })
      .where(and(eq(profiles.id, userId), gt(profiles.trialEndsAt, new Date())));
  }
}
