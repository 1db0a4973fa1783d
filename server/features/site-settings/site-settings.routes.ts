import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { getSiteSettings } from "./site-settings.service.ts";

export const siteSettingsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-cache");
  return c.json(await getSiteSettings(c.var.deps.db));
});
