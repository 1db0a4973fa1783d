import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { limitPerIp } from "#server/rate-limit.ts";
import { validateJson } from "#server/validation.ts";
import { CancellationRequestSchema } from "#shared/cancellation.schemas.ts";
import { CANCELLATION_TEXTS } from "#shared/cancellation.ts";
import { CANCELLATION_RATE_LIMIT, submitCancellation } from "./cancellation.service.ts";

// POST /api/cancellation: the § 312k BGB cancellation, signed in or signed out (ADR 0023).
export const cancellationRoutes = new Hono<AppEnv>().post(
  "/",
  validateJson(CancellationRequestSchema, CANCELLATION_TEXTS.failed),
  limitPerIp(CANCELLATION_RATE_LIMIT),
  async (c) => {
    const receipt = await submitCancellation(
      c.var.deps,
      c.var.logger,
      c.req.valid("json"),
      c.var.session?.user.id ?? null,
    );
    return c.json(receipt, 201);
  },
);
