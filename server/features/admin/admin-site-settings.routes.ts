import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { getEditableSiteSettings, updateSiteSettings } from "#server/features/site-settings/site-settings.service.ts";
import { validateJson } from "#server/validation.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { UpdateSiteSettingsSchema } from "#shared/site-settings.schemas.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/site-settings (spec sections 2 "Admin dashboard", 7 "site_settings"; ADR 0024).
// A saved change is served at once by this server (updateSiteSettings drops its copy of the
// settings) and by the other app servers within SITE_SETTINGS_TTL_MS (ADR 0028).
export const adminSiteSettingsRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, async (c) => c.json(await getEditableSiteSettings(c.var.deps.db), 200))
  .put("/", requireAdmin, validateJson(UpdateSiteSettingsSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const result = await updateSiteSettings(c.var.deps.db, c.var.session.user.id, c.req.valid("json"));
    if (result.status === "conflict") return answerError(c, 409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
    c.var.logger.info({ adminId: c.var.session.user.id }, "Seiteneinstellungen geändert");
    return c.json(result.settings, 200);
  });
