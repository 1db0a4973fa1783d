import { sql } from "drizzle-orm";
import type { DrizzleTransactionLike, Job, JobResult, PgBoss } from "pg-boss";
import { fromDrizzle } from "pg-boss";
import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/job-queue.ts";
import type { Logger } from "#server/logger.ts";

// The durable queue of publishing (ADR 0053): pg-boss on the product's own database, PGlite in the
// embedded default and PostgreSQL with several app servers. One job per publication, inserted in
// the transaction that writes the publication row. The job is only the wake-up call: whether a
// post is sent, and that it is sent once, is decided by the publication row (publishing.service.ts),
// so a job that comes twice, late or after a crash does no harm.

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
  /** The first wait before pg-boss runs a failed job again; doubled each time up to 5 minutes. */
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
  /** Installs pg-boss's tables on first use. Call before `enqueue`'s transaction opens (PGlite has one connection). */
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
  /** True once the server is shutting down: a thread stops after its post in flight (ADR 0076). */
  stopping(): boolean;
};

/** How often pg-boss runs a job again whose handler threw (the database failed us), with backoff. */
export const JOB_RETRY_LIMIT = 5;

export function createPublishingQueue(
  jobs: JobQueue,
  logger: Logger,
  tuning: QueueTuning = DEFAULT_QUEUE_TUNING,
): PublishingQueue {
  let ready: Promise<PgBoss> | null = null;

  function boss(): Promise<PgBoss> {
    ready ??= (async () => {
      const instance = await jobs.boss();
      await instance.createQueue(QUEUE, {
        retryLimit: JOB_RETRY_LIMIT,
        retryDelay: tuning.retryDelaySeconds,
        // pg-boss backs off from a floor of its own even at 0: a test's 0 means at once.
        ...(tuning.retryDelaySeconds > 0 ? { retryBackoff: true, retryDelayMax: 300 } : { retryBackoff: false }),
        heartbeatSeconds: tuning.heartbeatSeconds,
        notify: true,
      });
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
    async enqueue(tx, publicationId, startAfter) {
      const instance = await boss();
      const data: PublicationJob = { publicationId };
      // Drizzle's execute() answers `unknown` rows in its types; at runtime it is what pg-boss reads.
      const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
      await instance.send(QUEUE, data, { startAfter, db });
    },
    async removeJobsOf(publicationIds) {
      if (publicationIds.length === 0) return;
      const instance = await boss();
      for (const publicationId of publicationIds) {
        const jobs = await instance.findJobs(QUEUE, { data: { publicationId }, queued: true });
        if (jobs.length > 0)
          await instance.deleteJob(
            QUEUE,
            jobs.map((job) => job.id),
          );
      }
    },
    async startWorkers({ handle, giveUp }) {
      const instance = await boss();
      await instance.work<PublicationJob>(
        QUEUE,
        {
          batchSize: tuning.batchSize,
          localConcurrency: tuning.localConcurrency,
          pollingIntervalSeconds: tuning.pollingIntervalSeconds,
          // NOTIFY wakes the workers when a job is written, not when a planned one falls due:
          // planned posts need the short poll even while NOTIFY works.
          notifyPollingIntervalSeconds: tuning.pollingIntervalSeconds,
          perJobResults: true,
        },
        async (jobs: Job<PublicationJob>[]): Promise<JobResult[]> =>
          Promise.all(
            jobs.map(async (job) => {
              const { publicationId } = job.data;
              try {
                await handle(publicationId);
                return { id: job.id, status: "completed" as const };
              } catch (error) {
                // The database failed us (not the network): pg-boss retries the job with backoff.
                logger.error(
                  { err: error, publicationId, retry: job.retryCount },
                  "Veröffentlichung nicht verarbeitet",
                );
                if (job.retryCount >= JOB_RETRY_LIMIT)
                  await giveUp(publicationId).catch((giveUpError: unknown) =>
                    // The sweep keeps the post alive until this can be written (ADR 0075).
                    logger.error({ err: giveUpError, publicationId }, "Veröffentlichung nicht aufgegeben"),
                  );
                return { id: job.id, status: "failed" as const };
              }
            }),
          ),
      );
    },
    stopping: () => jobs.stopping(),
  };
}
