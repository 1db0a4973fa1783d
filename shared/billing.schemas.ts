import { z } from "zod";
import { BILLING_MESSAGES, PLANS } from "./billing.ts";

// Requests of /api/billing (ADR 0023).

export const CheckoutRequestSchema = z.object({
  plan: z.enum(PLANS, { error: BILLING_MESSAGES.planInvalid }),
});

/** Spec section 7 "Subscription status check"; back from Checkout with the session Stripe named. */
export const StatusRequestSchema = z.object({
  checkoutSessionId: z
    .string()
    .regex(/^cs_\w{1,250}$/, { error: BILLING_MESSAGES.checkoutSessionInvalid })
    .optional(),
});
