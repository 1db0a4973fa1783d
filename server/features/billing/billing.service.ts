import { and, eq, gt, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import {
  BILLING_MESSAGES,
  ENTITLING_STATUSES,
  isEntitlingStatus,
  PLAN_LABELS,
  PLANS,
  type Plan,
} from "#shared/billing.ts";
import { SUBSCRIPTION_ACTIVE } from "#shared/credits.ts";
import { ROUTES } from "#shared/routes.ts";
import type { AppDeps } from "../../app-env.ts";
import type { Database } from "../../db/client.ts";
import { user as users } from "../../db/schema/auth.ts";
import { billingCustomers, companyBillingInfo, stripeEvents, subscriptions } from "../../db/schema/billing.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  composePaymentFailedMail,
  composePurchaseMail,
  formatMailDate,
  type MailContent,
} from "../../integrations/mail/mail-templates.ts";
import {
  type CheckoutCompany,
  type CheckoutResult,
  InvalidWebhookSignatureError,
  type PaymentEvent,
  type PaymentSubscription,
  type RefundReason,
} from "../../integrations/stripe/stripe-payments.ts";
import type { Logger } from "../../logger.ts";
import { consumeRateLimit, type RateLimitRule, resetRateLimit } from "../rate-limit/rate-limit.service.ts";

// Plans and payments (issue 13, ADR 0023). Stripe is the source of truth: every event makes us
// read the subscription from Stripe again and store what Stripe says now, so replays and
// events out of order end in the same state. Generator Pro is mirrored into
// profiles.subscription_status ('active' / 'free', spec section 3), which the credit rules read.

type BillingDeps = Pick<AppDeps, "db" | "env" | "payments" | "mailer">;

// ADR 0048: every call below reaches Stripe, so each is limited per account. A person opens
// Checkout or the portal a few times; /konto asks for the status at each visit.
export const BILLING_CHECKOUT_RATE_LIMIT: RateLimitRule = { name: "billing-checkout", max: 10, windowMs: 10 * 60_000 };
export const BILLING_PORTAL_RATE_LIMIT: RateLimitRule = { name: "billing-portal", max: 10, windowMs: 10 * 60_000 };
export const BILLING_STATUS_RATE_LIMIT: RateLimitRule = { name: "billing-status", max: 30, windowMs: 10 * 60_000 };

type Failure = { ok: false; status: 404 | 409 | 502; error: string };

// Payments off is how this installation is set up, not an outage: 409, not 5xx.
const DISABLED: Failure = { ok: false, status: 409, error: BILLING_MESSAGES.paymentsDisabled };

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

export async function hasPlan(db: Database, userId: string, plan: Plan): Promise<boolean> {
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)))
    .limit(1);
  return isEntitlingStatus(row?.status);
}

/** Starts Stripe Checkout for a plan; the same Stripe customer is reused for every purchase. */
export async function startCheckout(
  deps: BillingDeps,
  log: Logger,
  user: { id: string; email: string },
  plan: Plan,
): Promise<{ ok: true; url: string } | Failure> {
  if (!deps.payments) return DISABLED;
  if (await hasPlan(deps.db, user.id, plan))
    return { ok: false, status: 409, error: BILLING_MESSAGES.alreadySubscribed };
  try {
    const customerId = await ensureCustomer(deps, user);
    // ADR 0048: one open Checkout per account and plan, so two tabs or a double click cannot pay
    // twice. The newest open one is handed out again; older ones (two requests at the same
    // moment) are expired. A race that still ends in two payments is undone by the webhook.
    const open = (await deps.payments.listOpenCheckouts(customerId))
      .filter((session) => session.plan === plan)
      .sort((a, b) => b.created.getTime() - a.created.getTime());
    const [newest, ...older] = open;
    for (const session of older) await deps.payments.expireCheckout(session.id);
    // Back from Stripe, /konto must see what happened there, not the status of a minute ago.
    await markPlansStale(deps.db, user.id);
    if (newest) return { ok: true, url: newest.url };
    const { url } = await deps.payments.createCheckout({
      customerId,
      userId: user.id,
      plan,
      // Stripe fills in the session id, so the page we return to can read the purchase at once.
      successUrl: `${deps.env.BASE_URL}${ROUTES.account}?kauf=${plan}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.env.BASE_URL}${ROUTES.pricing}`,
    });
    return { ok: true, url };
  } catch (error) {
    log.error({ err: error, userId: user.id }, "Stripe-Checkout konnte nicht geöffnet werden");
    return { ok: false, status: 502, error: BILLING_MESSAGES.checkoutFailed };
  }
}

async function ensureCustomer(deps: BillingDeps, user: { id: string; email: string }): Promise<string> {
  const [known] = await deps.db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id));
  if (known) return known.id;
  if (!deps.payments) throw new Error("Zahlungen sind nicht eingerichtet");
  const created = await deps.payments.createCustomer({ userId: user.id, email: user.email });
  // Two checkouts at once both create a customer; the first one stored wins and is used.
  await deps.db.insert(billingCustomers).values({ userId: user.id, stripeCustomerId: created }).onConflictDoNothing();
  const [stored] = await deps.db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id));
  return stored?.id ?? created;
}

async function customerOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.id ?? null;
}

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

/** Spec sections 6 and 7: the customer portal, only while a subscription exists. */
export async function openPortal(
  deps: BillingDeps,
  log: Logger,
  userId: string,
): Promise<{ ok: true; url: string } | Failure> {
  if (!deps.payments) return DISABLED;
  const [customer] = await deps.db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  const plans = await getPlanStates(deps.db, userId);
  const subscribed = Object.values(plans).some((state) => state?.active);
  if (!customer || !subscribed) return { ok: false, status: 404, error: BILLING_MESSAGES.noSubscription };
  await markPlansStale(deps.db, userId);
  let url: string | null;
  try {
    ({ url } = await deps.payments.createPortal({
      customerId: customer.id,
      returnUrl: `${deps.env.BASE_URL}${ROUTES.account}`,
    }));
  } catch (error) {
    log.error({ err: error, userId }, "Stripe-Kundenportal konnte nicht geöffnet werden");
    return { ok: false, status: 502, error: BILLING_MESSAGES.portalFailed };
  }
  if (!url) return { ok: false, status: 502, error: BILLING_MESSAGES.noPortalUrl };
  return { ok: true, url };
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

// ADR 0048: /konto asks for the status at every visit, and a script could ask a hundred times a
// second. Stripe is asked at most once per PLANS_FRESH_MS and account; in between, the stored
// state (which every webhook keeps current) is the answer. The mark lives in the database
// (rate_limit_counters), so every app server honours the same one. Going to Checkout or the
// portal clears it: coming back must read what was done there.
export const PLANS_FRESH_MS = 30_000;
const PLANS_FRESH: RateLimitRule = { name: "billing-status-fresh", max: 1, windowMs: PLANS_FRESH_MS };

async function markPlansStale(db: Database, userId: string): Promise<void> {
  await resetRateLimit(db, PLANS_FRESH, userId);
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
  for (const row of ended) if (row.plan === "generator_pro") await mirrorGeneratorPlan(db, row.userId);
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
  const [current] = await db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)));
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
  if (plan === "generator_pro") await mirrorGeneratorPlan(db, userId);
  return "granted";
}

/** "Plan von Hand entziehen": ends a plan granted by hand at once; Stripe's plans end in Stripe. */
export async function revokePlanByHand(
  db: Database,
  userId: string,
  plan: Plan,
): Promise<"revoked" | "stripe" | "none"> {
  const [current] = await db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)));
  if (!current || !isEntitlingStatus(current.status)) return "none";
  if (current.stripeSubscriptionId) return "stripe";
  await db
    .update(subscriptions)
    .set({ status: "canceled", currentPeriodEnd: new Date(), updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)));
  if (plan === "generator_pro") await mirrorGeneratorPlan(db, userId);
  return "revoked";
}

/** POST /api/billing/webhook: verifies the signature, then applies the event. */
export async function handleWebhook(
  deps: BillingDeps,
  log: Logger,
  rawBody: string,
  signature: string | undefined,
): Promise<"processed" | "replayed" | "ignored" | "invalid-signature" | "disabled"> {
  if (!deps.payments) return "disabled";
  let event: PaymentEvent;
  try {
    event = deps.payments.readEvent(rawBody, signature);
  } catch (error) {
    if (!(error instanceof InvalidWebhookSignatureError)) throw error;
    log.warn("Stripe-Webhook mit ungültiger Signatur abgelehnt");
    return "invalid-signature";
  }
  return handlePaymentEvent(deps, log, event);
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

/** Applies one verified webhook event; a replayed event id changes nothing. */
export async function handlePaymentEvent(
  deps: BillingDeps,
  log: Logger,
  event: PaymentEvent,
): Promise<"processed" | "replayed" | "ignored"> {
  // Claimed before the work, so two deliveries at once cannot both act (and mail twice); a
  // failure gives the claim back, so Stripe's retry is processed.
  const [claimed] = await deps.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type === "other" ? event.stripeType : event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!claimed) return "replayed";
  try {
    const outcome = await applyPaymentEvent(deps, log, event);
    log.info({ eventId: event.id, type: event.type, outcome }, "Stripe-Ereignis verarbeitet");
    return outcome;
  } catch (error) {
    await deps.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw error;
  }
}

async function applyPaymentEvent(
  deps: BillingDeps,
  log: Logger,
  event: PaymentEvent,
): Promise<"processed" | "ignored"> {
  let outcome: "processed" | "ignored" = "processed";
  switch (event.type) {
    case "checkout.session.completed": {
      // The purchase mail goes out here only: each event is handled once, a status check may
      // have stored the plan before.
      const bought = await applyCheckout(deps, log, event);
      if (bought && isEntitlingStatus(bought.status)) await mailCustomer(deps, log, bought, composePurchaseMail);
      break;
    }
    case "invoice.payment_failed":
      if (event.subscriptionId) {
        const failing = await syncSubscription(deps, event.subscriptionId, null, log);
        if (failing) await mailCustomer(deps, log, failing, composePaymentFailedMail);
      } else outcome = "ignored";
      break;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "invoice.paid":
      if (event.subscriptionId) await syncSubscription(deps, event.subscriptionId, null, log);
      else outcome = "ignored";
      break;
    default:
      outcome = "ignored";
  }
  return outcome;
}

/**
 * A paid Checkout: stores the customer, the company and the subscription. Returns null, so no
 * purchase mail goes out, when the purchase is undone: the account no longer exists (ADR 0048:
 * deleted while Checkout was open), or it already has the plan from an earlier subscription.
 */
async function applyCheckout(
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
  if (userId && customerId) {
    await deps.db.insert(billingCustomers).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
  }
  if (userId && company) await storeCompany(deps.db, userId, company);
  return subscriptionId ? syncSubscription(deps, subscriptionId, userId, log) : null;
}

async function accountExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
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

// Reads the subscription from Stripe and stores it. The account comes from the checkout
// (userId) or from the Stripe customer we created for it.
type SyncedSubscription = { userId: string; plan: Plan; status: string; currentPeriodEnd: Date | null };

async function syncSubscription(
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
    if (ended?.plan === "generator_pro") await mirrorGeneratorPlan(deps.db, ended.userId);
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

/** Would storing this running subscription replace another running one of the plan? */
async function replacesRunningSubscription(
  db: Database,
  userId: string,
  subscription: PaymentSubscription,
  plan: Plan,
): Promise<boolean> {
  if (!isEntitlingStatus(subscription.status)) return false;
  const [stored] = await db
    .select({ id: subscriptions.stripeSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, plan)));
  return !!stored?.id && stored.id !== subscription.id && isEntitlingStatus(stored.status);
}

async function userOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId ?? null;
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
  if (subscription.plan === "generator_pro") await mirrorGeneratorPlan(db, userId);
  if (subscription.plan === "optimizer_premium" && isEntitlingStatus(subscription.status)) {
    // ADR 0023: buying Premium ends a running trial; it is used up either way.
    await db
      .update(profiles)
      .set({ trialEndsAt: new Date() })
      .where(and(eq(profiles.id, userId), gt(profiles.trialEndsAt, new Date())));
  }
}

// Spec section 3: profiles.subscription_status is 'active' exactly while Generator Pro is,
// bought in Stripe or granted by hand.
export async function mirrorGeneratorPlan(db: Database, userId: string): Promise<void> {
  const [row] = await db
    .select({ status: subscriptions.status, periodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, "generator_pro")));
  const active = isEntitlingStatus(row?.status);
  await db
    .update(profiles)
    .set({
      subscriptionStatus: active ? SUBSCRIPTION_ACTIVE : "free",
      subscriptionPeriodEnd: active ? (row?.periodEnd ?? null) : null,
    })
    .where(eq(profiles.id, userId));
}

async function storeCompany(db: Database, userId: string, company: CheckoutCompany): Promise<void> {
  await db
    .insert(companyBillingInfo)
    .values({ userId, ...company })
    .onConflictDoUpdate({ target: companyBillingInfo.userId, set: { ...company } });
}

// Each event is handled once (stripe_events), so each mail goes out once. A mail that fails is
// logged; the plan itself is already stored.
async function mailCustomer(
  deps: BillingDeps,
  log: Logger,
  subscription: SyncedSubscription,
  compose: (plan: { label: string; periodEnd: string | null; accountUrl: string }) => MailContent,
): Promise<void> {
  const [profile] = await deps.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, subscription.userId));
  if (!profile) return;
  try {
    await deps.mailer.send({
      to: profile.email,
      ...compose({
        label: PLAN_LABELS[subscription.plan],
        periodEnd: subscription.currentPeriodEnd ? formatMailDate(subscription.currentPeriodEnd) : null,
        accountUrl: `${deps.env.BASE_URL}${ROUTES.account}`,
      }),
    });
  } catch (error) {
    log.error({ err: error, userId: subscription.userId }, "Abo-E-Mail nicht versendet");
  }
}
