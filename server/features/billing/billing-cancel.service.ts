import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import type { Logger } from "#server/logger.ts";
import { ENTITLING_STATUSES, isEntitlingStatus, type Plan } from "#shared/billing.ts";
import { customerOf } from "./billing-customers.service.ts";
import type { BillingDeps } from "./billing-plans.service.ts";
import { refreshPlans } from "./billing-status.service.ts";

// Ending an account's plans in Stripe for other features: the § 312k cancellation
// (server/features/cancellation) and account deletion (server/features/account-deletion).
// ADR 0048: both act on every subscription Stripe lists for the customer, not only the one we
// stored, since two paid Checkouts may have left a second one running.

/**
 * § 312k (ADR 0048): ends every running subscription of the plan that Stripe knows for the
 * account's customer with its paid period, not only the one we stored. Returns the last of
 * their period ends, or null when there was nothing in Stripe to end (a plan granted by hand).
 * Throws when Stripe fails, so the request is left for the operator and not called executed.
 */
export async function cancelPlanAtPeriodEnd(
  deps: BillingDeps,
  log: Logger,
  userId: string,
  plan: Plan,
): Promise<Date | null> {
  const customerId = await customerOf(deps.db, userId);
  if (!deps.payments || !customerId) return null;
  const running = (await deps.payments.listSubscriptions(customerId)).filter(
    (subscription) => subscription.plan === plan && isEntitlingStatus(subscription.status),
  );
  let periodEnd: Date | null = null;
  for (const subscription of running) {
    const ended = await deps.payments.cancelAtPeriodEnd(subscription.id);
    if (ended.currentPeriodEnd && (!periodEnd || ended.currentPeriodEnd > periodEnd))
      periodEnd = ended.currentPeriodEnd;
  }
  if (running.length > 0) await refreshPlans(deps, log, userId);
  return periodEnd;
}

/**
 * Account deletion (ADR 0026, 0048): no open Checkout can be paid any more, and every
 * subscription Stripe knows for the customer ends at once, whatever we stored. Safe to repeat.
 */
export async function endBillingOfDeletedAccount(
  deps: Pick<AppDeps, "db" | "payments">,
  log: Logger,
  userId: string,
): Promise<void> {
  const customerId = await customerOf(deps.db, userId);
  if (deps.payments && customerId) {
    for (const session of await deps.payments.listOpenCheckouts(customerId))
      await deps.payments.expireCheckout(session.id);
    // Stripe lists an expired first attempt (incomplete_expired) too; it bills nothing and
    // cannot be cancelled.
    for (const subscription of await deps.payments.listSubscriptions(customerId))
      if (subscription.status !== "incomplete_expired") await deps.payments.cancelNow(subscription.id);
  }
  // Plans from a customer we do not know (or with payments off) are ended one by one as stored.
  const running = await deps.db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.stripeSubscriptionId),
        inArray(subscriptions.status, [...ENTITLING_STATUSES]),
      ),
    );
  for (const { stripeSubscriptionId } of running) {
    if (!stripeSubscriptionId) continue;
    if (!deps.payments) {
      log.error({ userId }, "Konto mit laufendem Stripe-Abo gelöscht, Zahlungen sind aus");
      continue;
    }
    await deps.payments.cancelNow(stripeSubscriptionId);
    // Marked at once, so a retry of a deletion that failed later does not ask Stripe again.
    await deps.db
      .update(subscriptions)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  }
}
