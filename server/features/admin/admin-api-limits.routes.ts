import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { readApiPlanLimits, writeApiPlanLimit } from "#server/features/public-api/api-plan-limits.service.ts";
import { validateJson } from "#server/validation.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { UpdateApiPlanLimitsSchema } from "#shared/public-api.schemas.ts";
import type { CapPlan } from "#shared/publishing-caps.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/api-limits (ADR 0107): which plans get the public API and how many requests a minute
// per key, like the publishing caps. Read fresh by every API request, so a save applies at once.
export const adminApiLimitsRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, async (c) => c.json({ limits: await readApiPlanLimits(c.var.deps.db) }, 200))
  .put("/", requireAdmin, validateJson(UpdateApiPlanLimitsSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const { limits } = c.req.valid("json");
    for (const [plan, value] of Object.entries(limits) as [CapPlan, number][])
      await writeApiPlanLimit(c.var.deps.db, plan, value);
    c.var.logger.info({ adminId: c.var.session.user.id, limits }, "API-Grenzen je Plan geändert");
    return c.json({ limits: await readApiPlanLimits(c.var.deps.db) }, 200);
  });
