import { eq } from "drizzle-orm";
import { stripeEvents } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import {
  composePaymentFailedMail,
  composePurchaseMail,
  formatMailDate,
  type MailContent,
} from "#server/integrations/mail/mail-templates.ts";
import { InvalidWebhookSignatureError, type PaymentEvent } from "#server/integrations/stripe/stripe-payments.ts";
import type { Logger } from "#server/logger.ts";
import { isEntitlingStatus, PLAN_LABELS } from "#shared/billing.ts";
import { ROUTES } from "#shared/routes.ts";
import type { BillingDeps } from "./billing-plans.service.ts";
import { applyCheckout, type SyncedSubscription, syncSubscription } from "./billing-stripe-sync.service.ts";

// Stripe's webhook (ADR 0023): the signature is checked over the raw body, each event id is
// processed once (`stripe_events`), and each event only makes us read the subscription from
// Stripe again. The purchase and failed-payment mails go out here, once per event.

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
