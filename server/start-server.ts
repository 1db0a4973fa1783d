import path from "node:path";
import { fileURLToPath } from "node:url";
import { config } from "zod";
import { germanZodLocale } from "#shared/zod-locale.ts";
import { createApp } from "./app.ts";
import { connectDatabase, createDeps, type DepsOverrides } from "./bootstrap.ts";
import { readEnv } from "./env.ts";
import { listenForBackups } from "./features/backup/backup-socket.ts";
import { expireManualGrants } from "./features/billing/billing-manual-grants.service.ts";
import { sendExpiryReminders } from "./features/connections/expiry-reminders.ts";
import { renewAgingTokens } from "./features/connections/token-renewal.ts";
import { RUN_REPAIR_SCHEDULE, repairAbandonedRuns } from "./features/generator/run-repair.service.ts";
import { collectDueMetrics } from "./features/metrics/metrics-collector.ts";
import { deleteUnusedOAuthClients, UNUSED_OAUTH_CLIENT_SWEEP_SCHEDULE } from "./features/oauth/oauth-apps.service.ts";
import { loadPageDocuments } from "./features/pages/page-documents.ts";
import { deleteExpiredIdempotency, IDEMPOTENCY_SWEEP_SCHEDULE } from "./features/public-api/idempotency.service.ts";
import { startDeliveryWorkers } from "./features/publishing/delivery.service.ts";
import { sweepPublications } from "./features/publishing/publishing-sweep.ts";
import { deleteExpiredRateLimits } from "./features/rate-limit/rate-limit.service.ts";
import { applyRetention, RETENTION_SCHEDULE } from "./features/retention/retention.service.ts";
import { startWebhookWorkers } from "./features/webhooks/webhook-delivery.ts";
import { listen } from "./http-server.ts";
import { createLogger } from "./logger.ts";
import { backgroundDrainMs, createShutdown, shutdownGraceMs } from "./shutdown.ts";

/**
 * Starts the whole product on PORT: database, migrations, API, pages. `server/main.ts` calls
 * it as is; the end-to-end server (tests/support/e2e-server.ts) replaces one dependency.
 */
export async function startServer(overrides: DepsOverrides = {}) {
  // zod's messages in German before the first parse, the environment's included (ADR 0080).
  config(germanZodLocale());
  const env = readEnv();
  const logger = createLogger(env);
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/client");

  const database = await connectDatabase(env, logger);
  const deps = await createDeps({ env, database, logger, pages: loadPageDocuments(clientDir), overrides });
  const app = createApp(deps, clientDir);
  // `npm run backup` asks the server that holds the PGlite directory (ADR 0051).
  const stopBackups = database.dumpDataDir
    ? listenForBackups(
        env.DATA_DIR,
        { dumpDatabase: database.dumpDataDir, uploadsDir: path.join(env.DATA_DIR, "uploads") },
        logger,
      )
    : async () => {};

  // Every app server sends posts; the publication rows keep each one to a single send (ADR 0053).
  await startDeliveryWorkers(deps);
  // Each webhook attempt is claimed in its row, so any server may take its job (ADR 0110).
  await startWebhookWorkers(deps);
  await scheduleBackgroundWork(deps);

  const http = listen({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      {
        address: info.address,
        port: info.port,
        database: database.driver,
        mail: env.SMTP_URL ? "smtp" : "outbox",
        ai: env.ai ? `${env.ai.provider}/${env.ai.model}` : "demo",
      },
      `Postwerk läuft auf ${env.BASE_URL}`,
    );
  });

  const shutDown = createShutdown({
    http,
    graceMs: shutdownGraceMs(env),
    // Calls to networks in flight may finish (ADR 0076); a sweep or housekeeping run in progress too.
    stopBackgroundWork: () => deps.jobQueue.stop(backgroundDrainMs(env)),
    closeDatabase: async () => {
      await stopBackups();
      await database.close();
    },
    logger,
    exit: (code) => process.exit(code),
  });
  process.on("SIGINT", () => shutDown("SIGINT"));
  process.on("SIGTERM", () => shutDown("SIGTERM"));
  // The end-to-end server drives the publishing queue's clock through them (tests/support/e2e-server.ts).
  return { deps };
}

/**
 * The periodic work (ADR 0078), each on one server per tick however many run, through pg-boss
 * schedules (cron, UTC). Each task is idempotent: a tick that runs twice or late does no harm.
 */
export async function scheduleBackgroundWork(deps: Awaited<ReturnType<typeof createDeps>>) {
  const { db, logger } = deps;
  // ADR 0075: no planned post without a live job, checked every minute.
  await deps.jobQueue.every("publishing-sweep", "* * * * *", () => sweepPublications(deps));
  // ADR 0104: the figures of sent posts, the due ones every minute, batched per account.
  await deps.jobQueue.every("post-metrics", "* * * * *", () => collectDueMetrics(deps));
  await deps.jobQueue.every("housekeeping", "*/10 * * * *", () =>
    Promise.all([
      deleteExpiredRateLimits(db),
      expireManualGrants(db),
      sendExpiryReminders(deps),
      renewAgingTokens(deps),
    ]),
  );
  await deps.jobQueue.every("generation-run-repair", RUN_REPAIR_SCHEDULE, () => repairAbandonedRuns(db, logger));
  // ADR 0109: an Idempotency-Key's answer is kept 24 hours, then swept.
  await deps.jobQueue.every("idempotency-expiry", IDEMPOTENCY_SWEEP_SCHEDULE, () => deleteExpiredIdempotency(db));
  // ADR 0113: apps registered (open registration) but never authorised go after a week.
  await deps.jobQueue.every("oauth-client-sweep", UNUSED_OAUTH_CLIENT_SWEEP_SCHEDULE, async () => {
    logger.info({ removed: await deleteUnusedOAuthClients(db) }, "Nie zugelassene OAuth-Apps entfernt");
  });
  await deps.jobQueue.every("retention", RETENTION_SCHEDULE, async () => {
    logger.info({ removed: await applyRetention(deps) }, "Aufbewahrungsfristen angewendet");
  });
}
