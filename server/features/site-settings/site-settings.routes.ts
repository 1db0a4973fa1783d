import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { SITE_SETTINGS_LOAD_ERROR } from "#shared/site-settings.ts";
import { getCurrentSiteSettings } from "./site-settings.service.ts";

// The same settings the pages carry (ADR 0028), so the API and the HTML never disagree.
export const siteSettingsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { settings, loadFailed } = await getCurrentSiteSettings(c.var.deps.db, c.var.logger);
  if (loadFailed) return answerError(c, 500, "SERVER_ERROR", SITE_SETTINGS_LOAD_ERROR);
  c.header("Cache-Control", "no-cache");
  return c.json(settings, 200);
});
