import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { getUsage } from "./admin-usage.service.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/usage: the last USAGE_DAYS days, per day, from our own rows (beyond the spec).
export const adminUsageRoutes = new Hono<AppEnv>().get("/", requireAdmin, async (c) =>
  c.json(await getUsage(c.var.deps.db), 200),
);
