import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { buildRobotsTxt, buildSitemapXml } from "./sitemap.service.ts";

// Search engines ask for these at most a few times a day; an hour of caching is plenty.
const CACHE_CONTROL = "public, max-age=3600";

export const sitemapRoutes = new Hono<AppEnv>()
  .get("/sitemap.xml", (c) =>
    c.body(buildSitemapXml(c.var.deps.env.BASE_URL), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE_CONTROL,
    }),
  )
  .get("/robots.txt", (c) => c.text(buildRobotsTxt(c.var.deps.env.BASE_URL), 200, { "Cache-Control": CACHE_CONTROL }));
