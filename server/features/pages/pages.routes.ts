import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { GOOGLE_ANALYTICS_CSP_SOURCES, isValidMeasurementId } from "#shared/analytics.ts";
import { ROUTE_ALIASES } from "#shared/routes.ts";
import {
  DEFAULT_SITE_SETTINGS,
  isAllowedFaviconUrl,
  SITE_SETTINGS_LOAD_ERROR,
  type SiteSettings,
} from "#shared/site-settings.ts";
import type { AppEnv } from "../../app-env.ts";
import { getSiteSettings } from "../site-settings/site-settings.service.ts";
import { applySiteSettings, type PageDocument } from "./page-documents.ts";

// ADR 0005: strict by default. Google Analytics' hosts are allowed only when the site
// settings carry a valid GA4 measurement id (issue 5 scope 4); the browser still loads
// nothing from Google before the visitor consents to analytics (ADR 0010).
function contentSecurityPolicy(document: PageDocument, settings: SiteSettings): string {
  const analytics = isValidMeasurementId(settings.gaTrackingId) ? GOOGLE_ANALYTICS_CSP_SOURCES : null;
  const favicon = faviconOrigin(settings.faviconUrl);
  const sources = (...values: readonly string[]) => values.join(" ");
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", ...document.scriptHashes, ...(analytics?.script ?? []))}`,
    // React and sonner set style attributes and a <style> tag; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", "data:", "blob:", ...(favicon ? [favicon] : []), ...(analytics?.img ?? []))}`,
    "font-src 'self'",
    `connect-src ${sources("'self'", ...(analytics?.connect ?? []))}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// Issue 14: an admin may point the favicon at another host (http or https only, checked when
// saved); img-src allows exactly that origin, so the icon loads without opening the policy.
function faviconOrigin(faviconUrl: string | null): string | null {
  if (!faviconUrl || !isAllowedFaviconUrl(faviconUrl) || faviconUrl.startsWith("/")) return null;
  return new URL(faviconUrl).origin;
}

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
      .get("*", async (c) => {
        const alias = ROUTE_ALIASES[c.req.path];
        if (alias) return c.redirect(alias, 301);
        const { deps, logger } = c.var;
        const document = deps.pages.find(c.req.path) ?? deps.pages.spaFallback;
        let loadFailed = false;
        const settings = await getSiteSettings(deps.db).catch((error: unknown) => {
          logger.error({ err: error }, SITE_SETTINGS_LOAD_ERROR);
          loadFailed = true;
          return { ...DEFAULT_SITE_SETTINGS };
        });
        c.header("Content-Security-Policy", contentSecurityPolicy(document, settings));
        c.header("Cache-Control", "no-cache");
        return c.html(applySiteSettings(document.html, settings, loadFailed));
      })
  );
}
