import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/db/job-queue.ts";
import type { Logger } from "#server/logger.ts";

// The durable queue of publishing (ADR 0053): a queue of server/db/job-queue.ts on the product's
// own database, PGlite in the embedded default and PostgreSQL with several app servers. One job per
// publication, inserted in the transaction that writes the publication row. The job is only the
// wake-up call: whether a post is sent, and that it is sent once, is decided by the publication row
// (claimed in delivery.service.ts, ADR 0074), so a job that comes twice, late or after a crash does
// no harm.

const QUEUE = "publications";

export type PublicationJob = { publicationId: string };

export type QueueTuning = {
  /** How often an idle worker looks for due jobs; bounds the lateness of a planned post. */
  pollingIntervalSeconds: number;
  /**
   * Jobs one worker takes at once, and workers per server: together the parallel network calls,
   * and so the most posts a crash can leave "unbestätigt" (ADR 0076). Each job claims its post in
   * its own transaction right before its own call.
   */
  batchSize: number;
  localConcurrency: number;
  /** A job whose server stopped sending heartbeats (SIGKILL, power loss) goes to another worker after this long. */
  heartbeatSeconds: number;
  /** The first wait before a failed job runs again; doubled each time up to 5 minutes. */
  retryDelaySeconds: number;
};

export const DEFAULT_QUEUE_TUNING: QueueTuning = {
  pollingIntervalSeconds: 1,
  batchSize: 5,
  localConcurrency: 4,
  heartbeatSeconds: 30,
  retryDelaySeconds: 5,
};

export type PublishingQueue = {
  /** Installs the queue on first use. Call before `enqueue`'s transaction opens (PGlite has one connection). */
  ready(): Promise<void>;
  /** Inside the caller's transaction: the job commits or rolls back with the publication row. */
  enqueue(tx: Database, publicationId: string, startAfter: Date): Promise<void>;
  /** Deletes the jobs still waiting for these publications (account deletion). */
  removeJobsOf(publicationIds: string[]): Promise<void>;
  /**
   * This server's workers; `handle` must not throw for a post's own outcome, only for a failure to
   * record it. When the last of a job's retries failed too, `giveUp` settles the post (ADR 0075).
   */
  startWorkers(handlers: {
    handle: (publicationId: string) => Promise<void>;
    giveUp: (publicationId: string) => Promise<void>;
  }): Promise<void>;
  /** This server's workers take no further jobs (a test ends the workers it started). */
  stopWorkers(): Promise<void>;
  /** True once the server is shutting down: a thread stops after its post in flight (ADR 0076). */
  stopping(): boolean;
};

/** How often a job runs again whose handler threw (the database failed us), with backoff. */
export const JOB_RETRY_LIMIT = 5;

export function createPublishingQueue(
  jobs: JobQueue,
  logger: Logger,
  tuning: QueueTuning = DEFAULT_QUEUE_TUNING,
): PublishingQueue {
  const queue = jobs.queue<PublicationJob>(QUEUE, { ...tuning, retryLimit: JOB_RETRY_LIMIT });
  return {
    ready: () => queue.ready(),
    enqueue: (tx, publicationId, startAfter) => queue.send(tx, { publicationId }, startAfter),
    async removeJobsOf(publicationIds) {
      for (const publicationId of publicationIds) await queue.remove({ publicationId });
    },
    startWorkers: ({ handle, giveUp }) =>
      queue.work(async ({ publicationId }, retryCount) => {
        try {
          await handle(publicationId);
        } catch (error) {
          // The database failed us (not the network): the job runs again with backoff.
          logger.error({ err: error, publicationId, retry: retryCount }, "Veröffentlichung nicht verarbeitet");
          if (retryCount >= JOB_RETRY_LIMIT)
            await giveUp(publicationId).catch((giveUpError: unknown) =>
              // The sweep keeps the post alive until this can be written (ADR 0075).
              logger.error({ err: giveUpError, publicationId }, "Veröffentlichung nicht aufgegeben"),
            );
          throw error;
        }
      }),
    stopWorkers: () => queue.stopWork(),
    stopping: () => jobs.stopping(),
  };
}
