import { z } from "zod";
import { BILLING_MESSAGES, PLANS } from "./billing.ts";

// Requests of /api/billing (ADR 0023).

export const CheckoutRequestSchema = z.object({
  plan: z.enum(PLANS, { error: BILLING_MESSAGES.planInvalid }),
});
