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
import { repairAbandonedRunsWhenDue } from "./features/generator/run-repair.service.ts";
import { loadPageDocuments } from "./features/pages/page-documents.ts";
import { processPublication } from "./features/publishing/delivery.service.ts";
import { deleteExpiredRateLimits } from "./features/rate-limit/rate-limit.service.ts";
import { runRetentionWhenDue } from "./features/retention/retention.service.ts";
import { listen } from "./http-server.ts";
import { createLogger } from "./logger.ts";
import { createShutdown, shutdownGraceMs } from "./shutdown.ts";

/** How often expired rate-limit counters are swept; any server may do it, it is idempotent. */
const RATE_LIMIT_SWEEP_MS = 10 * 60_000;

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
  await deps.publishingQueue.startWorkers((publicationId) => processPublication(deps, publicationId));

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

  // Idempotent housekeeping: every app server may run it, none depends on another doing so.
  // A shutdown waits for the run in progress before it closes the database (shutdown.ts).
  let sweepRun: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    sweepRun = Promise.allSettled([
      deleteExpiredRateLimits(deps.db).catch((error: unknown) =>
        logger.warn({ err: error }, "Abgelaufene Rate-Limit-Zähler nicht gelöscht"),
      ),
      expireManualGrants(deps.db).catch((error: unknown) =>
        logger.warn({ err: error }, "Abgelaufene Pläne von Hand nicht beendet"),
      ),
      runRetentionWhenDue(deps.db, logger).catch((error: unknown) =>
        logger.warn({ err: error }, "Aufbewahrungsfristen nicht angewendet"),
      ),
      repairAbandonedRunsWhenDue(deps.db, logger).catch((error: unknown) =>
        logger.warn({ err: error }, "Abgebrochene Generierungen nicht geprüft"),
      ),
      // Each reminder is claimed by one UPDATE, so every server may sweep (ADR 0053).
      sendExpiryReminders(deps).catch((error: unknown) =>
        logger.warn({ err: error }, "Erinnerungen an ablaufende Verbindungen nicht versendet"),
      ),
    ]);
  }, RATE_LIMIT_SWEEP_MS);
  sweep.unref();

  const shutDown = createShutdown({
    http,
    graceMs: shutdownGraceMs(env),
    stopBackgroundWork: async () => {
      clearInterval(sweep);
      await Promise.allSettled([sweepRun, deps.publishingQueue.stop()]);
    },
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
