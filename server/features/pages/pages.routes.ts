import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { ROUTE_ALIASES } from "#shared/routes.ts";
import type { AppEnv } from "../../app-env.ts";
import { getCurrentSiteSettings } from "../site-settings/site-settings.service.ts";
import { chooseEncoding, getServedPage, matchesEtag } from "./served-pages.ts";

// Serves the built front end: hashed assets with immutable caching, the prerendered
// page for a public route, the SPA fallback for every other GET (STACK-NOTES.md).
export function createPagesRoutes(clientDir: string) {
  const staticFiles = serveStatic<AppEnv>({ root: clientDir });
  return (
    new Hono<AppEnv>()
      .use(
        "/assets/*",
        serveStatic({
          root: clientDir,
          // The build writes .br and .gz beside each asset (vite.config.ts).
          precompressed: true,
          onFound: (_path, c) => {
            c.header("Cache-Control", "public, max-age=31536000, immutable");
          },
        }),
      )
      // Files (favicon.svg, robots.txt) by their extension; page paths never have one.
      .use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? staticFiles(c, next) : next()))
      // ADR 0028: the finished page comes from memory, already compressed; only the site
      // settings' version is checked per request (and read from the database at most every
      // few seconds). ADR 0005 for what the settings change in the page.
      .get("*", async (c) => {
        const alias = ROUTE_ALIASES[c.req.path];
        if (alias) return c.redirect(alias, 301);
        const { deps, logger } = c.var;
        const document = deps.pages.find(c.req.path) ?? deps.pages.spaFallback;
        const page = await getServedPage(document, await getCurrentSiteSettings(deps.db, logger));
        c.header("Content-Security-Policy", page.contentSecurityPolicy);
        // Revalidated on every visit, answered with 304 while the ETag still matches.
        c.header("Cache-Control", "no-cache");
        c.header("ETag", page.etag);
        c.header("Vary", "Accept-Encoding");
        if (matchesEtag(c.req.header("If-None-Match"), page.etag)) return c.body(null, 304);
        const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
        if (encoding !== "identity") c.header("Content-Encoding", encoding);
        c.header("Content-Type", "text/html; charset=UTF-8");
        return c.body(page.bodies[encoding], 200);
      })
  );
}
