import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import {
  consumeRateLimit,
  type RateLimitRule,
  resetRateLimit,
} from "#server/features/rate-limit/rate-limit.service.ts";
import type { Logger } from "#server/logger.ts";
import { ENTITLING_STATUSES } from "#shared/billing.ts";
import { expireManualGrants } from "./billing-manual-grants.service.ts";
import { type BillingDeps, getPlanStates } from "./billing-plans.service.ts";
import { applyCheckout, syncSubscription } from "./billing-stripe-sync.service.ts";

// Asking Stripe for an account's plans without waiting for a webhook: the spec's "Subscription
// status check" (POST /api/billing/status, section 7) and the check before a generation
// (section 4). ADR 0023, 0048.

// ADR 0048: every status check may reach Stripe, so it is limited per account; /konto asks at
// each visit.
export const BILLING_STATUS_RATE_LIMIT: RateLimitRule = { name: "billing-status", max: 30, windowMs: 10 * 60_000 };

// ADR 0048: /konto asks for the status at every visit, and a script could ask a hundred times a
// second. Stripe is asked at most once per PLANS_FRESH_MS and account; in between, the stored
// state (which every webhook keeps current) is the answer. The mark lives in the database
// (rate_limit_counters), so every app server honours the same one. Going to Checkout or the
// portal clears it: coming back must read what was done there.
export const PLANS_FRESH_MS = 30_000;
const PLANS_FRESH: RateLimitRule = { name: "billing-status-fresh", max: 1, windowMs: PLANS_FRESH_MS };

export async function markPlansStale(db: Database, userId: string): Promise<void> {
  await resetRateLimit(db, PLANS_FRESH, userId);
}

/**
 * Spec section 7 "Subscription status check": reads every subscription of the account from
 * Stripe again and stores what it says. Back from Checkout, the session it names is read too,
 * so the plan is active before Stripe's webhook arrives; a session of another account is
 * ignored. Throws when Stripe cannot be asked; the stored state (and with it the access) stays
 * as it was.
 */
export async function refreshPlans(deps: BillingDeps, log: Logger, userId: string, checkoutSessionId?: string) {
  await expireManualGrants(deps.db, new Date(), userId);
  if (deps.payments) {
    const checkout = checkoutSessionId ? await deps.payments.getCheckout(checkoutSessionId) : null;
    if (checkout?.userId === userId) await applyCheckout(deps, log, checkout);
    const rows = await deps.db
      .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.stripeSubscriptionId)));
    for (const row of rows)
      if (row.stripeSubscriptionId) await syncSubscription(deps, row.stripeSubscriptionId, userId, log);
  }
  return getPlanStates(deps.db, userId);
}

/**
 * POST /api/billing/status: refreshPlans, unless Stripe was asked for this account less than
 * PLANS_FRESH_MS ago. Back from Checkout (a session id) Stripe is always asked. A failure
 * clears the mark, so the next visit asks again instead of showing the old state as fresh.
 */
export async function checkPlans(deps: BillingDeps, log: Logger, userId: string, checkoutSessionId?: string) {
  if (!checkoutSessionId && deps.payments) {
    const claim = await consumeRateLimit(deps.db, PLANS_FRESH, userId);
    if (!claim.allowed) {
      await expireManualGrants(deps.db, new Date(), userId);
      return getPlanStates(deps.db, userId);
    }
  }
  try {
    return await refreshPlans(deps, log, userId, checkoutSessionId);
  } catch (error) {
    await markPlansStale(deps.db, userId);
    throw error;
  }
}

/**
 * Spec section 4: "Before generating, the subscription status is checked with the payment
 * side". Stripe is asked only when our copy of a running plan says its paid period is over (a
 * renewal or an end whose webhook has not arrived); if Stripe cannot be asked, the last known
 * state stands.
 */
export async function refreshStalePlans(deps: BillingDeps, log: Logger, userId: string, now = new Date()) {
  await expireManualGrants(deps.db, now, userId);
  if (!deps.payments) return;
  const [stale] = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...ENTITLING_STATUSES]),
        lt(subscriptions.currentPeriodEnd, now),
        isNotNull(subscriptions.stripeSubscriptionId),
      ),
    )
    .limit(1);
  if (!stale) return;
  await refreshPlans(deps, log, userId).catch((error: unknown) =>
    log.warn({ err: error, userId }, "Abo-Status vor der Generierung nicht prüfbar, letzter Stand gilt"),
  );
}
