// The product as its own process on a lasting PGlite data directory, for tests that kill it
// with SIGKILL and start it again on the same data (ADR 0049). The environment comes from the
// test (DATA_DIR, the fake model). One addition for the test: POST /__test/repair-runs runs the
// repair sweep with the clock moved past RUN_REPAIR_AFTER_MS, instead of waiting an hour.
// Prints "READY <port>" once it answers.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "#server/app.ts";
import { connectDatabase, createDeps } from "#server/bootstrap.ts";
import { readEnv } from "#server/env.ts";
import { RUN_REPAIR_AFTER_MS, repairAbandonedRuns } from "#server/features/generator/run-repair.service.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { createLogger } from "#server/logger.ts";

const fixtureClientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/client");
const env = readEnv();
const logger = createLogger(env);
const database = await connectDatabase(env, logger);
const deps = await createDeps({ env, database, logger, pages: loadPageDocuments(fixtureClientDir) });
const app = createApp(deps, fixtureClientDir);

const server = serve(
  {
    port: 0,
    hostname: "127.0.0.1",
    fetch: async (request) => {
      if (new URL(request.url).pathname === "/__test/repair-runs" && request.method === "POST") {
        const now = new Date(Date.now() + RUN_REPAIR_AFTER_MS + 60_000);
        return Response.json(await repairAbandonedRuns(deps.db, logger, { now }));
      }
      return app.fetch(request);
    },
  },
  (info) => process.stdout.write(`READY ${info.port}\n`),
);
process.on("SIGTERM", () => server.close(() => database.close().then(() => process.exit(0))));
