import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { listAudit } from "#server/features/audit/audit.service.ts";
import { requireSession } from "#server/session.ts";
import { AUDIT_LIST_LIMIT } from "#shared/admin.ts";
import { adminApiLimitsRoutes } from "./admin-api-limits.routes.ts";
import { adminCapsRoutes } from "./admin-caps.routes.ts";
import { adminPromptsRoutes, adminTokensRoutes } from "./admin-configurations.routes.ts";
import { adminMessagesRoutes } from "./admin-messages.routes.ts";
import { adminSiteSettingsRoutes } from "./admin-site-settings.routes.ts";
import { adminUsageRoutes } from "./admin-usage.routes.ts";
import { adminUsersRoutes } from "./admin-users.routes.ts";
import { checkAdminAccess, requireAdmin } from "./require-admin.ts";

// /api/admin (spec section 2 "Admin dashboard", ADR 0024). The dashboard asks whether its
// visitor may enter; every panel's route checks is_admin itself (require-admin.ts).
export const adminRoutes = new Hono<AppEnv>()
  // ADR 0041: an admin who still needs two-factor sign-in (ADMIN_REQUIRE_2FA) learns so here;
  // the dashboard then shows the way to /konto instead of its panels.
  .get("/access", requireSession(), async (c) => {
    const access = await checkAdminAccess(c.var, c.var.session.user.id);
    return c.json({ admin: access === "granted", twoFactorRequired: access === "needs-two-factor" });
  })
  .get("/audit", requireAdmin, async (c) => c.json({ entries: await listAudit(c.var.deps.db, AUDIT_LIST_LIMIT) }))
  .route("/messages", adminMessagesRoutes)
  .route("/users", adminUsersRoutes)
  .route("/prompts", adminPromptsRoutes)
  .route("/tokens", adminTokensRoutes)
  .route("/site-settings", adminSiteSettingsRoutes)
  .route("/usage", adminUsageRoutes)
  .route("/publishing-caps", adminCapsRoutes("publishing", "Veröffentlichungs-Kontingente geändert"))
  .route("/metric-read-caps", adminCapsRoutes("reads", "Kennzahlen-Lesegrenzen geändert"))
  .route("/api-limits", adminApiLimitsRoutes);
