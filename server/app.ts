import { Hono } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { answerError, NOT_FOUND_MESSAGE } from "./api-error.ts";
import type { AppDeps, AppEnv } from "./app-env.ts";
import { limitRequestBodies } from "./body-limits.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./db/database-errors.ts";
import { accountSecurityRoutes } from "./features/account-security/account-security.routes.ts";
import { adminRoutes } from "./features/admin/admin.routes.ts";
import { archiveRoutes } from "./features/archive/archive.routes.ts";
import { authRoutes } from "./features/auth/auth.routes.ts";
import { billingRoutes, billingWebhookRoutes } from "./features/billing/billing.routes.ts";
import { cancellationRoutes } from "./features/cancellation/cancellation.routes.ts";
import { configRoutes } from "./features/config/config.routes.ts";
import { connectionRoutes } from "./features/connections/connections.routes.ts";
import { consentRoutes } from "./features/consent/consent.routes.ts";
import { contactRoutes } from "./features/contact/contact.routes.ts";
import { dataExportRoutes } from "./features/data-export/data-export.routes.ts";
import { draftRoutes } from "./features/drafts/drafts.routes.ts";
import { generatorRoutes } from "./features/generator/generator.routes.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { mediaRoutes } from "./features/media/media.routes.ts";
import { metricsRoutes } from "./features/metrics/metrics.routes.ts";
import { notificationRoutes } from "./features/notifications/notifications.routes.ts";
import { oauthAppRoutes, oauthEndpointRoutes, oauthWellKnownRoutes } from "./features/oauth/oauth.routes.ts";
import { optimizerRoutes } from "./features/optimizer/optimizer.routes.ts";
import { createPagesRoutes, isAssetPath } from "./features/pages/pages.routes.ts";
import { profileRoutes } from "./features/profile/profile.routes.ts";
import { apiKeyRoutes } from "./features/public-api/api-keys.routes.ts";
import { publicApiRoutes } from "./features/public-api/api-v1.routes.ts";
import { mcpRoutes } from "./features/public-api/mcp.routes.ts";
import { publishingRoutes } from "./features/publishing/publishing.routes.ts";
import { publishingOfferRoutes } from "./features/publishing/publishing-offer.routes.ts";
import { accountQueueSlotRoutes, nextQueueSlotRoutes } from "./features/queue-slots/queue-slots.routes.ts";
import { siteSettingsRoutes } from "./features/site-settings/site-settings.routes.ts";
import { sitemapRoutes } from "./features/sitemap/sitemap.routes.ts";
import { signedImageRoutes, socialImageRoutes } from "./features/uploads/uploads.routes.ts";
import { webhookRoutes } from "./features/webhooks/webhooks.routes.ts";
import { requireSameOrigin } from "./security.ts";
import { loadSession } from "./session.ts";
import { UNEXPECTED_ERROR_MESSAGE } from "./unexpected-error.ts";

// The typed surface the browser calls through hc<AppType> (app/lib/api.ts).
const apiRoutes = new Hono<AppEnv>()
  .use(loadSession)
  .route("/config", configRoutes)
  .route("/site-settings", siteSettingsRoutes)
  .route("/profile", profileRoutes)
  .route("/account-security", accountSecurityRoutes)
  .route("/admin", adminRoutes)
  .route("/optimizer", optimizerRoutes)
  .route("/contact", contactRoutes)
  .route("/generator", generatorRoutes)
  .route("/archive", archiveRoutes)
  .route("/consent", consentRoutes)
  .route("/billing", billingRoutes)
  .route("/cancellation", cancellationRoutes)
  .route("/data-export", dataExportRoutes)
  .route("/connections", connectionRoutes)
  .route("/posts", publishingRoutes)
  .route("/api-keys", apiKeyRoutes)
  .route("/oauth-apps", oauthAppRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/media", mediaRoutes)
  .route("/drafts", draftRoutes)
  .route("/publishing-offer", publishingOfferRoutes)
  .route("/notifications", notificationRoutes)
  .route("/accounts", accountQueueSlotRoutes)
  .route("/queue-slots", nextQueueSlotRoutes)
  .route("/metrics", metricsRoutes);

export type AppType = typeof apiRoutes;

export function createApp(deps: AppDeps, clientDir: string) {
  const app = new Hono<AppEnv>();

  // Logs name every request by its ID; a hashed asset's answer does not carry it, as nobody reports
  // one by it and on a first visit it was ~50 bytes on each script (ADR 0035).
  const requestIdInHeader = requestId();
  const requestIdInLogsOnly = requestId({ headerName: "" });
  app.use((c, next) => (isAssetPath(c.req.path) ? requestIdInLogsOnly(c, next) : requestIdInHeader(c, next)));
  app.use(async (c, next) => {
    const logger = deps.logger.child({ requestId: c.var.requestId });
    c.set("deps", deps);
    c.set("logger", logger);
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "Anfrage",
    );
  });
  // Only what is built per request: the API's JSON and the sitemap. Pages come from memory with
  // their Brotli and gzip bytes (ADR 0028), assets precompressed from the build (ADR 0016).
  const compressResponse = compress();
  app.use("/api/*", compressResponse);
  app.use("/sitemap.xml", compressResponse);
  // HTML gets its Content-Security-Policy per document (pages.routes.ts); API answers get
  // the strictest one, since they never render.
  const strictTransportSecurity = deps.env.BASE_URL.startsWith("https://")
    ? "max-age=31536000; includeSubDomains"
    : false;
  const documentSecurityHeaders = secureHeaders({
    // Per document in pages.routes.ts (ADR 0038); an API answer is never a document.
    crossOriginOpenerPolicy: false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity,
  });
  // ADR 0035: a hashed script or stylesheet is never a document, so the headers that only a
  // document reads (framing, opener, agent cluster, referrer, DNS prefetch, the old IE, Flash and
  // XSS-filter ones) are left off; on a first visit they were ~0.3 KiB on each of ~20 scripts.
  // nosniff (run only as the type it says) and Cross-Origin-Resource-Policy stay.
  const assetSecurityHeaders = secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((c, next) => (isAssetPath(c.req.path) ? assetSecurityHeaders(c, next) : documentSecurityHeaders(c, next)));
  app.use("/api/*", async (c, next) => {
    await next();
    c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  });
  app.use("/api/*", limitRequestBodies());
  // Stripe calls the webhook from its servers, without our Origin; the signature is its proof.
  app.route("/api/billing/webhook", billingWebhookRoutes);
  // Scripts and agents call the public API and the MCP server with a bearer key, not a cookie, so
  // cross-site request forgery has nothing to ride on and no Origin is asked for (ADR 0107).
  app.route("/api/v1", publicApiRoutes);
  app.route("/mcp", mcpRoutes);
  // OAuth clients call the token, revocation and registration endpoints from their servers (ADR 0113).
  app.route("/.well-known", oauthWellKnownRoutes);
  app.route("/api/auth", oauthEndpointRoutes);
  app.use("/api/*", requireSameOrigin(new URL(deps.env.BASE_URL).origin));

  app.route("/", healthRoutes);
  app.route("/api/auth", authRoutes);
  app.route("/api", apiRoutes);
  app.all("/api/*", (c) => answerError(c, 404, "NOT_FOUND", NOT_FOUND_MESSAGE));
  app.route("/", sitemapRoutes);
  app.route("/uploads/social-images", socialImageRoutes);
  app.route("/uploads/signed", signedImageRoutes);
  app.route("/", createPagesRoutes(clientDir));

  app.onError((error, c) => {
    // Bad input (a body that is no JSON, say) is the client's mistake, never a 500.
    if (error instanceof HTTPException && error.status < 500) {
      c.var.logger.warn({ status: error.status, method: c.req.method, path: c.req.path }, error.message);
      return answerError(
        c,
        error.status,
        "UNREADABLE_REQUEST",
        "Die Anfrage konnte nicht gelesen werden. Bitte laden Sie die Seite neu.",
      );
    }
    // The database cannot serve right now (frozen, disk full, restarting): 503 tells the client
    // to come back, and says so in German (ADR 0045).
    if (isDatabaseUnavailable(error)) {
      c.var.logger.error({ err: error, method: c.req.method, path: c.req.path }, "Datenbank nicht verfügbar");
      return answerError(c, 503, "DATABASE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE);
    }
    c.var.logger.error({ err: error, method: c.req.method, path: c.req.path }, "Unerwarteter Fehler");
    return answerError(c, 500, "SERVER_ERROR", UNEXPECTED_ERROR_MESSAGE);
  });

  return app;
}
