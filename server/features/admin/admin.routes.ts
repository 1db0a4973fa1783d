import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { requireSession } from "../../session.ts";
import { isAdmin } from "../profile/profile.service.ts";

// The admin panels (issue 6 onwards) mount behind requireAdmin; today the dashboard
// only asks whether its visitor may enter.
export const adminRoutes = new Hono<AppEnv>().get("/access", requireSession, async (c) => {
  const allowed = await isAdmin(c.var.deps.db, c.var.session.user.id).catch((error: unknown) => {
    c.var.logger.error({ err: error }, "Admin-Prüfung fehlgeschlagen");
    return false;
  });
  if (!allowed) return c.json({ error: "Kein Zugriff auf den Admin-Bereich" }, 403);
  return c.json({ admin: true });
});
