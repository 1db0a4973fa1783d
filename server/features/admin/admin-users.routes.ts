import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import { CreditsUpdateSchema, PlanGrantSchema, UserSearchSchema } from "#shared/admin.schemas.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { searchUsers, setPlanByHand, updateCredits } from "./admin-users.service.ts";
import { requireAdmin } from "./require-admin.ts";

/** Better Auth's user ids are letters and digits; anything else (a NUL byte PostgreSQL refuses) names no user. */
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const knownUserIdShape = createMiddleware<AppEnv>(async (c, next) => {
  if (!USER_ID.test(c.req.param("id") ?? "")) return answerError(c, 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
  await next();
});

// /api/admin/users: search, credits and plans by hand (ADR 0024).
export const adminUsersRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, validateQuery(UserSearchSchema, ADMIN_MESSAGES.searchInvalid), async (c) => {
    const { q, page } = c.req.valid("query");
    return c.json(await searchUsers(c.var.deps.db, q, page), 200);
  })
  .put(
    "/:id/credits",
    requireAdmin,
    knownUserIdShape,
    validateJson(CreditsUpdateSchema, ADMIN_MESSAGES.invalidInput),
    async (c) => {
      const outcome = await updateCredits(c.var.deps.db, c.var.session.user.id, c.req.param("id"), c.req.valid("json"));
      if (outcome === "not-found") return answerError(c, 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
      if (outcome === "changed") return answerError(c, 409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
      return c.json({ credits: c.req.valid("json").credits }, 200);
    },
  )
  .put(
    "/:id/plans",
    requireAdmin,
    knownUserIdShape,
    validateJson(PlanGrantSchema, ADMIN_MESSAGES.planFailed),
    async (c) => {
      const outcome = await setPlanByHand(c.var.deps.db, c.var.session.user.id, c.req.param("id"), c.req.valid("json"));
      if (outcome === "not-found") return answerError(c, 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
      if (outcome === "stripe") return answerError(c, 409, "PLAN_FROM_STRIPE", ADMIN_MESSAGES.planFromStripe);
      if (outcome === "none") return answerError(c, 409, "PLAN_NOT_RUNNING", ADMIN_MESSAGES.planNotRunning);
      return c.json({ outcome }, 200);
    },
  );
