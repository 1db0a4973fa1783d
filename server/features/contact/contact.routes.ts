import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { limitPerIp } from "#server/rate-limit.ts";
import { validateJson } from "#server/validation.ts";
import { ContactRequestSchema } from "#shared/contact.schemas.ts";
import { CONTACT_TEXTS } from "#shared/contact.ts";
import { CONTACT_RATE_LIMIT, submitContactMessage } from "./contact.service.ts";

// POST /api/contact: public, no session (spec section 6: visitors may use the form).
// Every valid message is stored, suspected spam included, so the 200 is always true (ADR 0081).
export const contactRoutes = new Hono<AppEnv>().post(
  "/",
  validateJson(ContactRequestSchema, CONTACT_TEXTS.failed),
  limitPerIp(CONTACT_RATE_LIMIT),
  async (c) => {
    await submitContactMessage(c.var.deps, c.var.logger, c.req.valid("json"));
    return c.json({ message: CONTACT_TEXTS.sent }, 200);
  },
);
