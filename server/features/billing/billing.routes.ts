import { type Context, Hono } from "hono";
import { answerError, type Refusal } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { limitPerUser } from "#server/rate-limit.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import { CheckoutRequestSchema, StatusRequestSchema } from "#shared/billing.schemas.ts";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import {
  BILLING_CHECKOUT_RATE_LIMIT,
  BILLING_PORTAL_RATE_LIMIT,
  openPortal,
  startCheckout,
} from "./billing-checkout.service.ts";
import { BILLING_STATUS_RATE_LIMIT, checkPlans } from "./billing-status.service.ts";
import { handleWebhook } from "./billing-webhook.service.ts";

/** Checkout and the portal answer with the Stripe page to go to, or why there is none. */
function answerStripePage(c: Context, result: { ok: true; url: string } | Refusal<404 | 409 | 502>) {
  if (!result.ok) return answerError(c, result.status, result.code, result.error);
  return c.json({ url: result.url }, 200);
}

// /api/billing (ADR 0023). The browser buys through Stripe Checkout, manages its
// plans in the Stripe Customer Portal, and asks for a fresh status after either.
export const billingRoutes = new Hono<AppEnv>()
  .post(
    "/checkout",
    requireSession(),
    limitPerUser(BILLING_CHECKOUT_RATE_LIMIT, BILLING_MESSAGES.tooManyRequests),
    validateJson(CheckoutRequestSchema, BILLING_MESSAGES.planInvalid),
    async (c) => {
      const { user } = c.var.session;
      const buyer = { id: user.id, email: user.email };
      return answerStripePage(c, await startCheckout(c.var.deps, c.var.logger, buyer, c.req.valid("json").plan));
    },
  )
  .post(
    "/portal",
    requireSession(),
    limitPerUser(BILLING_PORTAL_RATE_LIMIT, BILLING_MESSAGES.tooManyRequests),
    async (c) => answerStripePage(c, await openPortal(c.var.deps, c.var.logger, c.var.session.user.id)),
  )
  // Spec section 7 "Subscription status check".
  .post(
    "/status",
    requireSession(),
    limitPerUser(BILLING_STATUS_RATE_LIMIT, BILLING_MESSAGES.tooManyRequests),
    validateJson(StatusRequestSchema, BILLING_MESSAGES.checkoutSessionInvalid),
    async (c) => {
      try {
        const { checkoutSessionId } = c.req.valid("json");
        return c.json(
          { plans: await checkPlans(c.var.deps, c.var.logger, c.var.session.user.id, checkoutSessionId) },
          200,
        );
      } catch (error) {
        c.var.logger.error({ err: error }, "Abo-Status konnte nicht bei Stripe geprüft werden");
        return answerError(c, 502, "PAYMENT_PROVIDER_FAILED", BILLING_MESSAGES.verifyFailed);
      }
    },
  );

// POST /api/billing/webhook: Stripe calls it, not a browser, so it is mounted before the
// Origin check (server/app.ts). The signature is checked over the raw body, read as text.
export const billingWebhookRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const outcome = await handleWebhook(c.var.deps, c.var.logger, await c.req.text(), c.req.header("stripe-signature"));
  if (outcome === "invalid-signature") return answerError(c, 400, "INVALID_SIGNATURE", BILLING_MESSAGES.webhookInvalid);
  if (outcome === "disabled") return answerError(c, 404, "PAYMENTS_DISABLED", BILLING_MESSAGES.paymentsDisabled);
  return c.json({ received: true }, 200);
});
