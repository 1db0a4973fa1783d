import type { Refusal } from "#server/api-error.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import type { Logger } from "#server/logger.ts";
import { BILLING_MESSAGES, type Plan } from "#shared/billing.ts";
import { ROUTES } from "#shared/routes.ts";
import { customerOf, ensureCustomer } from "./billing-customers.service.ts";
import { type BillingDeps, getPlanStates, hasPlan } from "./billing-plans.service.ts";
import { markPlansStale } from "./billing-status.service.ts";

// Buying and managing a plan (ADR 0023): the browser is sent to Stripe Checkout to buy and to
// Stripe's customer portal to cancel, change the payment method or read invoices.

// ADR 0048: both calls reach Stripe, so each is limited per account; a person opens Checkout or
// the portal a few times.
export const BILLING_CHECKOUT_RATE_LIMIT: RateLimitRule = { name: "billing-checkout", max: 10, windowMs: 10 * 60_000 };
export const BILLING_PORTAL_RATE_LIMIT: RateLimitRule = { name: "billing-portal", max: 10, windowMs: 10 * 60_000 };

type Failure = Refusal<404 | 409 | 502>;

// Payments off is how this installation is set up, not an outage: 409, not 5xx.
const DISABLED: Failure = {
  ok: false,
  status: 409,
  code: "PAYMENTS_DISABLED",
  error: BILLING_MESSAGES.paymentsDisabled,
};

/** Starts Stripe Checkout for a plan; the same Stripe customer is reused for every purchase. */
export async function startCheckout(
  deps: BillingDeps,
  log: Logger,
  user: { id: string; email: string },
  plan: Plan,
): Promise<{ ok: true; url: string } | Failure> {
  if (!deps.payments) return DISABLED;
  if (await hasPlan(deps.db, user.id, plan))
    return { ok: false, status: 409, code: "ALREADY_SUBSCRIBED", error: BILLING_MESSAGES.alreadySubscribed };
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
    return { ok: false, status: 502, code: "PAYMENT_PROVIDER_FAILED", error: BILLING_MESSAGES.checkoutFailed };
  }
}

/** Spec sections 6 and 7: the customer portal, only while a subscription exists. */
export async function openPortal(
  deps: BillingDeps,
  log: Logger,
  userId: string,
): Promise<{ ok: true; url: string } | Failure> {
  if (!deps.payments) return DISABLED;
  const customerId = await customerOf(deps.db, userId);
  const plans = await getPlanStates(deps.db, userId);
  const subscribed = Object.values(plans).some((state) => state?.active);
  if (!customerId || !subscribed)
    return { ok: false, status: 404, code: "NO_SUBSCRIPTION", error: BILLING_MESSAGES.noSubscription };
  await markPlansStale(deps.db, userId);
  let url: string | null;
  try {
    ({ url } = await deps.payments.createPortal({
      customerId,
      returnUrl: `${deps.env.BASE_URL}${ROUTES.account}`,
    }));
  } catch (error) {
    log.error({ err: error, userId }, "Stripe-Kundenportal konnte nicht geöffnet werden");
    return { ok: false, status: 502, code: "PAYMENT_PROVIDER_FAILED", error: BILLING_MESSAGES.portalFailed };
  }
  if (!url) {
    // Spec section 8: "Keine Portal-URL erhalten" is logged, the customer reads "Fehler beim Öffnen …".
    log.error({ userId }, BILLING_MESSAGES.noPortalUrl);
    return { ok: false, status: 502, code: "PAYMENT_PROVIDER_FAILED", error: BILLING_MESSAGES.portalFailed };
  }
  return { ok: true, url };
}
