import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "#server/app-env.ts";
import { mayHaveSession } from "#server/features/auth/signed-in-hint.ts";
import { getCurrentSiteSettings } from "#server/features/site-settings/site-settings.service.ts";
import { ROUTE_ALIASES } from "#shared/routes.ts";
import { chooseEncoding, getServedPage, matchesEtag } from "./served-pages.ts";

// Serves the built front end: hashed assets with immutable caching, the prerendered
// page for a public route, the SPA fallback for the app's other pages (docs/architecture.md), and
// the not-found page with status 404 for everything else (ADR 0036).
/** The build's hashed files, which get immutable caching and fewer security headers (app.ts). */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith("/assets/");
}

export function createPagesRoutes(clientDir: string) {
  const staticFiles = serveStatic<AppEnv>({ root: clientDir });
  return (
    new Hono<AppEnv>()
      .use(
        "/assets/*",
        async (c, next) => {
          await next();
          if (!c.res.ok) return;
          c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
          // Never revalidated, so the file's date would only be bytes on every script (ADR 0035).
          c.res.headers.delete("Last-Modified");
        },
        // The build writes .br and .gz beside each asset (vite.config.ts).
        serveStatic({ root: clientDir, precompressed: true }),
      )
      // A missing asset is a failed script or stylesheet request, not a page: no HTML document
      // here, which would lack the document headers (app.ts).
      .get("/assets/*", (c) => c.text("Nicht gefunden", 404))
      // Files (favicon.svg, robots.txt, llms.txt) by their extension; page paths never have one.
      .use("*", async (c, next) => {
        if (!/\.[a-z0-9]+$/i.test(c.req.path)) return next();
        const file = await staticFiles(c, next);
        // The pages as Markdown (llms-txt.ts): Hono's table of types does not know .md.
        if (file && c.req.path.endsWith(".md")) file.headers.set("Content-Type", "text/markdown; charset=utf-8");
        return file;
      })
      // ADR 0028: the finished page comes from memory, already compressed; only the site
      // settings' version is checked per request (and read from the database at most every
      // few seconds). ADR 0005 for what the settings change in the page.
      .get("*", async (c) => {
        const alias = ROUTE_ALIASES[c.req.path];
        if (alias) return c.redirect(alias, 301);
        const { deps, logger } = c.var;
        const withSession = mayHaveSession(getCookie(c));
        const found = deps.pages.find(c.req.path, { mayHaveSession: withSession });
        const page = await getServedPage(found ?? deps.pages.notFound, await getCurrentSiteSettings(deps.db, logger));
        c.header("Content-Security-Policy", page.contentSecurityPolicy);
        // ADR 0038: a browser with a session gets every document in its own browsing context
        // group. A signed-out visitor gets it on none, because isolation would cost the first
        // visit a new renderer process, and a switch between two of our own documents would
        // drop the navigation state (the return URL on /auth) on reload.
        if (withSession) c.header("Cross-Origin-Opener-Policy", "same-origin");
        // Revalidated on every visit, answered with 304 while the ETag still matches.
        c.header("Cache-Control", "no-cache");
        c.header("Vary", deps.pages.variesBySession(c.req.path) ? "Accept-Encoding, Cookie" : "Accept-Encoding");
        if (found) {
          c.header("ETag", page.etag);
          if (matchesEtag(c.req.header("If-None-Match"), page.etag)) return c.body(null, 304);
        }
        const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
        if (encoding !== "identity") c.header("Content-Encoding", encoding);
        c.header("Content-Type", "text/html; charset=UTF-8");
        return c.body(page.bodies[encoding], found ? 200 : 404);
      })
  );
}
