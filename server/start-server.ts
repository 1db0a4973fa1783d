import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { connectDatabase, createDeps, type DepsOverrides } from "./bootstrap.ts";
import { readEnv } from "./env.ts";
import { expireManualGrants } from "./features/billing/billing.service.ts";
import { repairAbandonedRunsWhenDue } from "./features/generator/run-repair.service.ts";
import { loadPageDocuments } from "./features/pages/page-documents.ts";
import { deleteExpiredRateLimits } from "./features/rate-limit/rate-limit.service.ts";
import { runRetentionWhenDue } from "./features/retention/retention.service.ts";
import { createLogger } from "./logger.ts";

const SHUTDOWN_GRACE_MS = 10_000;
/** How often expired rate-limit counters are swept; any server may do it, it is idempotent. */
const RATE_LIMIT_SWEEP_MS = 10 * 60_000;

/**
 * Starts the whole product on PORT: database, migrations, API, pages. `server/main.ts` calls
 * it as is; the end-to-end server (tests/support/e2e-server.ts) replaces one dependency.
 */
export async function startServer(overrides: DepsOverrides = {}) {
  const env = readEnv();
  const logger = createLogger(env);
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/client");

  const database = await connectDatabase(env, logger);
  const deps = await createDeps({ env, database, logger, pages: loadPageDocuments(clientDir), overrides });
  const app = createApp(deps, clientDir);

  const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
    logger.info(
      {
        port: info.port,
        database: database.driver,
        mail: env.SMTP_URL ? "smtp" : "outbox",
        ai: env.ai ? `${env.ai.provider}/${env.ai.model}` : "demo",
      },
      `Postwerk läuft auf ${env.BASE_URL}`,
    );
  });

  // Idempotent housekeeping: every app server may run it, none depends on another doing so.
  const sweep = setInterval(() => {
    deleteExpiredRateLimits(deps.db).catch((error: unknown) =>
      logger.warn({ err: error }, "Abgelaufene Rate-Limit-Zähler nicht gelöscht"),
    );
    expireManualGrants(deps.db).catch((error: unknown) =>
      logger.warn({ err: error }, "Abgelaufene Pläne von Hand nicht beendet"),
    );
    runRetentionWhenDue(deps.db, logger).catch((error: unknown) =>
      logger.warn({ err: error }, "Aufbewahrungsfristen nicht angewendet"),
    );
    repairAbandonedRunsWhenDue(deps.db, logger).catch((error: unknown) =>
      logger.warn({ err: error }, "Abgebrochene Generierungen nicht geprüft"),
    );
  }, RATE_LIMIT_SWEEP_MS);
  sweep.unref();

  // Finish the requests in flight, then close the database, so a deploy loses nothing.
  let shuttingDown = false;
  function shutDown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    clearInterval(sweep);
    logger.info({ signal }, "Fahre herunter");
    const forceExit = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forceExit.unref();
    server.close(async () => {
      await database.close();
      logger.info("Beendet");
      process.exit(0);
    });
  }
  process.on("SIGINT", () => shutDown("SIGINT"));
  process.on("SIGTERM", () => shutDown("SIGTERM"));
}
