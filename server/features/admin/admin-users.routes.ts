import { Hono } from "hono";
import { CreditsUpdateSchema, PlanGrantSchema, UserSearchSchema } from "#shared/admin.schemas.ts";
import { ADMIN_MESSAGES, ADMIN_TEXTS } from "#shared/admin.ts";
import type { AppEnv } from "../../app-env.ts";
import { validateJson, validateQuery } from "../../validation.ts";
import { searchUsers, setPlanByHand, updateCredits } from "./admin-users.service.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/users: search, credits and plans by hand (issue 14).
export const adminUsersRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, validateQuery(UserSearchSchema, ADMIN_MESSAGES.searchInvalid), async (c) => {
    const { q, page } = c.req.valid("query");
    return c.json(await searchUsers(c.var.deps.db, q, page), 200);
  })
  .put("/:id/credits", requireAdmin, validateJson(CreditsUpdateSchema, ADMIN_TEXTS.creditsFailed), async (c) => {
    const outcome = await updateCredits(c.var.deps.db, c.var.session.user.id, c.req.param("id"), c.req.valid("json"));
    if (outcome === "not-found") return c.json({ error: ADMIN_MESSAGES.notFound }, 404);
    if (outcome === "changed") return c.json({ error: ADMIN_MESSAGES.changedMeanwhile }, 409);
    return c.json({ credits: c.req.valid("json").credits }, 200);
  })
  .put("/:id/plans", requireAdmin, validateJson(PlanGrantSchema, ADMIN_MESSAGES.planFailed), async (c) => {
    const outcome = await setPlanByHand(c.var.deps.db, c.var.session.user.id, c.req.param("id"), c.req.valid("json"));
    if (outcome === "not-found") return c.json({ error: ADMIN_MESSAGES.notFound }, 404);
    if (outcome === "stripe") return c.json({ error: ADMIN_MESSAGES.planFromStripe }, 409);
    if (outcome === "none") return c.json({ error: ADMIN_MESSAGES.planNotRunning }, 409);
    return c.json({ outcome }, 200);
  });
