import { sql } from "drizzle-orm";
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, type Job, type JobResult, PgBoss } from "pg-boss";
import type { Database, DatabaseHandle } from "#server/db/client.ts";
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
  /** Jobs one worker takes at once, and workers per server: together the parallel network calls. */
  batchSize: number;
  localConcurrency: number;
  /**
   * A job whose server stopped sending heartbeats (SIGKILL, power loss) goes to another worker
   * after this long; that worker finds the attempt recorded and marks the post "unbestätigt".
   */
  heartbeatSeconds: number;
  /** How often pg-boss looks for such jobs. */
  superviseIntervalSeconds: number;
};

export const DEFAULT_QUEUE_TUNING: QueueTuning = {
  pollingIntervalSeconds: 1,
  batchSize: 25,
  localConcurrency: 2,
  heartbeatSeconds: 30,
  superviseIntervalSeconds: 30,
};

export type PublishingQueue = {
  /** Installs pg-boss's tables on first use. Call before `enqueue`'s transaction opens (PGlite has one connection). */
  ready(): Promise<void>;
  /** Inside the caller's transaction: the job commits or rolls back with the publication row. */
  enqueue(tx: Database, publicationId: string, startAfter: Date): Promise<void>;
  /** Deletes the jobs still waiting for these publications (account deletion). */
  removeJobsOf(publicationIds: string[]): Promise<void>;
  /** This server's workers; `handle` must not throw for a post's own outcome, only for a failure to record it. */
  startWorkers(handle: (publicationId: string) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
};

export function createPublishingQueue(
  connection: DatabaseHandle["queueConnection"],
  logger: Logger,
  tuning: QueueTuning = DEFAULT_QUEUE_TUNING,
): PublishingQueue {
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;

  function boss(): Promise<PgBoss> {
    starting ??= (async () => {
      const instance =
        connection.driver === "pglite"
          ? new PgBoss({ db: fromPglite(connection.pglite), backend: "pglite", ...maintenance(tuning) })
          : new PgBoss({ connectionString: connection.url, max: 4, ...maintenance(tuning) });
      // pg-boss reports its own troubles (a lost connection, a slow query) as events, never by throwing.
      instance.on("error", (error) => logger.warn({ err: error }, "Warteschlange: Fehler"));
      await instance.start();
      await instance.createQueue(QUEUE, {
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        retryDelayMax: 300,
        heartbeatSeconds: tuning.heartbeatSeconds,
        notify: true,
      });
      // Fills pg-boss's queue cache now, so that `enqueue` inside a transaction reads nothing outside it.
      await instance.findJobs(QUEUE, { limit: 1 });
      return instance;
    })();
    return starting;
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
    async startWorkers(handle) {
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
              try {
                await handle(job.data.publicationId);
                return { id: job.id, status: "completed" as const };
              } catch (error) {
                // The database failed us (not the network): pg-boss retries the job with backoff.
                logger.error(
                  { err: error, publicationId: job.data.publicationId },
                  "Veröffentlichung nicht verarbeitet",
                );
                return { id: job.id, status: "failed" as const };
              }
            }),
          ),
      );
    },
    async stop() {
      if (stopped || !starting) return;
      stopped = true;
      const instance = await starting.catch(() => null);
      // Not graceful beyond a few seconds: an attempt cut off here is found "unbestätigt" later.
      await instance?.stop({ graceful: true, timeout: 5_000, close: true });
    },
  };
}

function maintenance(tuning: QueueTuning) {
  return {
    // Cron schedules are not used; the planned time is each job's startAfter.
    schedule: false,
    useListenNotify: true,
    superviseIntervalSeconds: tuning.superviseIntervalSeconds,
    monitorIntervalSeconds: tuning.superviseIntervalSeconds,
    registerInstance: false,
  };
}
