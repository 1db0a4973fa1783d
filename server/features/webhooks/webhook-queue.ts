import { sql } from "drizzle-orm";
import type { DrizzleTransactionLike, Job, PgBoss } from "pg-boss";
import { fromDrizzle } from "pg-boss";
import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/job-queue.ts";
import type { Logger } from "#server/logger.ts";

// Webhook deliveries on pg-boss (ADR 0078, 0110): one job per attempt of a delivery, written in
// the transaction that writes the delivery row (or schedules its next attempt). As in publishing
// (ADR 0053) the job only wakes the delivery: the row says whether an attempt is due, so a job
// that comes twice or late does nothing.

const QUEUE = "webhook-deliveries";

type DeliveryJob = { deliveryId: string };

export type WebhookQueue = {
  /** Installs pg-boss's tables on first use. Call before `enqueue`'s transaction opens (PGlite has one connection). */
  ready(): Promise<void>;
  /** Inside the caller's transaction: the job commits or rolls back with the delivery row. */
  enqueue(tx: Database, deliveryId: string, startAfter: Date): Promise<void>;
  /** This server's workers; `handle` throws only when the database failed (pg-boss then retries). */
  startWorkers(handle: (deliveryId: string) => Promise<void>): Promise<void>;
};

export function createWebhookQueue(jobs: JobQueue, logger: Logger): WebhookQueue {
  let ready: Promise<PgBoss> | null = null;

  function boss(): Promise<PgBoss> {
    ready ??= (async () => {
      const instance = await jobs.boss();
      await instance.createQueue(QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, notify: true });
      // Fills pg-boss's queue cache now, so that `enqueue` inside a transaction reads nothing outside it.
      await instance.findJobs(QUEUE, { limit: 1 });
      return instance;
    })();
    return ready;
  }

  return {
    async ready() {
      await boss();
    },
    async enqueue(tx, deliveryId, startAfter) {
      const instance = await boss();
      const data: DeliveryJob = { deliveryId };
      const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
      await instance.send(QUEUE, data, { startAfter, db });
    },
    async startWorkers(handle) {
      const instance = await boss();
      await instance.work<DeliveryJob>(
        QUEUE,
        { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 5 },
        async ([job]: Job<DeliveryJob>[]) => {
          if (!job) return;
          try {
            await handle(job.data.deliveryId);
          } catch (error) {
            logger.error({ err: error, deliveryId: job.data.deliveryId }, "Webhook-Zustellung nicht verarbeitet");
            throw error;
          }
        },
      );
    },
  };
}
