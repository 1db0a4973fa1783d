import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/db/job-queue.ts";
import type { Logger } from "#server/logger.ts";

// Webhook deliveries on a durable queue (ADR 0078, 0110): one job per attempt of a delivery, written
// in the transaction that writes the delivery row (or schedules its next attempt). As in publishing
// (ADR 0053) the job only wakes the delivery: the row says whether an attempt is due, so a job
// that comes twice or late does nothing.

const QUEUE = "webhook-deliveries";

type DeliveryJob = { deliveryId: string };

export type WebhookQueue = {
  /** Installs the queue on first use. Call before `enqueue`'s transaction opens (PGlite has one connection). */
  ready(): Promise<void>;
  /** Inside the caller's transaction: the job commits or rolls back with the delivery row. */
  enqueue(tx: Database, deliveryId: string, startAfter: Date): Promise<void>;
  /** This server's workers; `handle` throws only when the database failed (the job then runs again). */
  startWorkers(handle: (deliveryId: string) => Promise<void>): Promise<void>;
};

export function createWebhookQueue(jobs: JobQueue, logger: Logger): WebhookQueue {
  const queue = jobs.queue<DeliveryJob>(QUEUE, {
    retryLimit: 3,
    retryDelaySeconds: 30,
    heartbeatSeconds: 60,
    pollingIntervalSeconds: 5,
    batchSize: 1,
    localConcurrency: 2,
  });
  return {
    ready: () => queue.ready(),
    enqueue: (tx, deliveryId, startAfter) => queue.send(tx, { deliveryId }, startAfter),
    startWorkers: (handle) =>
      queue.work(async ({ deliveryId }) => {
        try {
          await handle(deliveryId);
        } catch (error) {
          logger.error({ err: error, deliveryId }, "Webhook-Zustellung nicht verarbeitet");
          throw error;
        }
      }),
  };
}
