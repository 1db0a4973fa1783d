// A publishing server of the planning bench as a process of its own, so the bench can kill it with
// SIGKILL mid-send (bench/planung.bench.ts, ADR 0076): the product's delivery workers with the
// production queue tuning, posting to the bench's recorder (RECORDER_URL). Environment as
// bench-app.ts builds it (DATA_DIR, DATABASE_URL or PGlite, BETTER_AUTH_SECRET). Prints "READY" once
// its workers run, then "OFFEN <planned> <sending> <waiting>" every half second (waiting: sending
// with a container the queue comes back to, ADR 0074); SIGTERM stops it as a
// deployment does, the calls in flight run to their end.
import fs from "node:fs/promises";
import path from "node:path";
import { count, isNotNull, sql } from "drizzle-orm";
import { connectDatabase, createDeps } from "#server/bootstrap.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { readEnv } from "#server/env.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { startDeliveryWorkers } from "#server/features/publishing/delivery.service.ts";
import { createLogger } from "#server/logger.ts";
import { recorderNetworks } from "./planung-network.ts";

const env = readEnv();
const logger = createLogger(env);
const database = await connectDatabase(env, logger);
const clientDir = path.join(env.DATA_DIR, "no-client-build");
await fs.mkdir(clientDir, { recursive: true });
const deps = await createDeps({
  env,
  database,
  logger,
  pages: loadPageDocuments(clientDir),
  overrides: { networks: recorderNetworks(env.networks, process.env.RECORDER_URL ?? "") },
});
await startDeliveryWorkers(deps);
process.stdout.write("READY\n");

const progress = setInterval(async () => {
  const rows = await deps.db
    .select({
      status: publications.status,
      n: count(),
      waiting: sql<number>`count(*) filter (where ${isNotNull(publications.continuation)})::int`,
    })
    .from(publications)
    .groupBy(publications.status);
  const of = (status: string) => rows.find((row) => row.status === status);
  process.stdout.write(`OFFEN ${of("planned")?.n ?? 0} ${of("sending")?.n ?? 0} ${of("sending")?.waiting ?? 0}\n`);
}, 500);

process.once("SIGTERM", async () => {
  clearInterval(progress);
  await deps.jobQueue.stop(10_000);
  await database.close();
  process.exit(0);
});
