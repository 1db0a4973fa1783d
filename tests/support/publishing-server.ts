// An app server's publishing workers as a process of their own, for the test that kills one with
// SIGKILL mid-send (server/multi-server.test.ts, ADR 0053). Environment: DATABASE_URL, DATA_DIR,
// RECORDER_URL (tests/support/recording-network.ts). Prints "READY 0" once its workers run (no port:
// it serves no HTTP).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connectDatabase, createDeps } from "#server/bootstrap.ts";
import { readEnv } from "#server/env.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { startDeliveryWorkers } from "#server/features/publishing/delivery.service.ts";
import { createLogger } from "#server/logger.ts";
import { createRemoteNetworks } from "./recording-network.ts";

const env = readEnv();
const logger = createLogger(env);
const database = await connectDatabase(env, logger);
const deps = await createDeps({
  env,
  database,
  logger,
  pages: loadPageDocuments(path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/client")),
  overrides: {
    networks: createRemoteNetworks(process.env.RECORDER_URL ?? ""),
    // Quick to notice a dead server, so the test does not wait the production 30 s.
    queueTuning: {
      pollingIntervalSeconds: 0.5,
      batchSize: 10,
      localConcurrency: 2,
      heartbeatSeconds: 10,
      retryDelaySeconds: 5,
    },
    jobQueueTuning: { superviseIntervalSeconds: 1, cronMonitorIntervalSeconds: 30 },
  },
});
await startDeliveryWorkers(deps);
process.stdout.write("READY 0\n");
