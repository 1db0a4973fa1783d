import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { requireSession } from "../../session.ts";
import { isAdmin } from "../profile/profile.service.ts";

// The dashboard asks whether its visitor may enter; the admin panels' own routes will
// refuse non-admins themselves.
export const adminRoutes = new Hono<AppEnv>().get("/access", requireSession(), async (c) => {
  const allowed = await isAdmin(c.var.deps.db, c.var.session.user.id).catch((error: unknown) => {
    c.var.logger.error({ err: error }, "Admin-Prüfung fehlgeschlagen");
    return false;
  });
  return c.json({ admin: allowed });
});
