import { sql } from "drizzle-orm";
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, type Job, type JobResult, PgBoss } from "pg-boss";
import type { Logger } from "#server/logger.ts";
import type { Database, DatabaseHandle } from "./client.ts";

// The one mechanism for background work (ADR 0078): pg-boss on the product's own database, PGlite
// in the embedded default and PostgreSQL with several app servers. The publishing queue's jobs
// (features/publishing/publishing-queue.ts, through `queue`) and every periodic task (the publishing sweep,
// housekeeping, retention) run on it, the same way on one server or many: a schedule's tick is one
// job, which one worker of one server takes.

export type JobQueueTuning = {
  /** How often pg-boss looks for jobs whose server stopped sending heartbeats. */
  superviseIntervalSeconds: number;
  /** How often pg-boss turns schedules into jobs; a periodic task runs at most this late. */
  cronMonitorIntervalSeconds: number;
};

export const DEFAULT_JOB_QUEUE_TUNING: JobQueueTuning = {
  superviseIntervalSeconds: 30,
  cronMonitorIntervalSeconds: 30,
};

/** How a durable queue's jobs are retried and taken (see `queue`). */
export type DurableQueueOptions = {
  /** How often a job whose handler threw runs again. */
  retryLimit: number;
  /** The first wait before a failed job runs again; doubled each time up to 5 minutes (0: at once). */
  retryDelaySeconds: number;
  /** A job whose server stopped sending heartbeats (SIGKILL, power loss) goes to another worker after this long. */
  heartbeatSeconds: number;
  /** How often an idle worker looks for due jobs; bounds how late a job planned for later runs. */
  pollingIntervalSeconds: number;
  /** Jobs one worker takes at once, and workers per server. */
  batchSize: number;
  localConcurrency: number;
};

/** A queue of jobs carrying `T`, written in the caller's transaction (ADR 0053, 0078). */
export type DurableQueue<T extends object> = {
  /** Creates the queue on first use. Call before `send`'s transaction opens (PGlite has one connection). */
  ready(): Promise<void>;
  /** Inside the caller's transaction: the job commits or rolls back with the caller's rows. */
  send(tx: Database, data: T, startAfter: Date): Promise<void>;
  /** Deletes the jobs still waiting whose data holds `match`. */
  remove(match: Partial<T>): Promise<void>;
  /** This server's workers: a job whose handler throws is failed and retried as the options say. */
  work(handler: (data: T, retryCount: number) => Promise<void>): Promise<void>;
  /** This server's workers take no further jobs (a test ends the workers it started). */
  stopWork(): Promise<void>;
};

export type JobQueue = {
  /** A durable queue on the same database; one call per name. */
  queue<T extends object>(name: string, options: DurableQueueOptions): DurableQueue<T>;
  /**
   * Runs `task` on one server per tick of `cron` (five fields, UTC). A task that throws is logged
   * and runs again at the next tick; tasks must be idempotent.
   */
  every(name: string, cron: string, task: () => Promise<unknown>): Promise<void>;
  /** True from the first step of `stop`. */
  stopping(): boolean;
  /** Takes no new jobs and waits up to `drainMs` for the jobs in flight (ADR 0076), then closes. */
  stop(drainMs: number): Promise<void>;
};

export function createJobQueue(
  connection: DatabaseHandle["queueConnection"],
  logger: Logger,
  tuning: JobQueueTuning = DEFAULT_JOB_QUEUE_TUNING,
): JobQueue {
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;
  const options = {
    schedule: true,
    useListenNotify: true,
    superviseIntervalSeconds: tuning.superviseIntervalSeconds,
    monitorIntervalSeconds: tuning.superviseIntervalSeconds,
    cronMonitorIntervalSeconds: tuning.cronMonitorIntervalSeconds,
    registerInstance: false,
  };

  function boss(): Promise<PgBoss> {
    starting ??= (async () => {
      const instance =
        connection.driver === "pglite"
          ? new PgBoss({ db: fromPglite(connection.pglite), backend: "pglite", ...options })
          : new PgBoss({ connectionString: connection.url, max: 4, ...options });
      // pg-boss reports its own troubles (a lost connection, a slow query) as events, never by throwing.
      instance.on("error", (error) => logger.warn({ err: error }, "Warteschlange: Fehler"));
      await instance.start();
      return instance;
    })();
    return starting;
  }

  function queue<T extends object>(name: string, options: DurableQueueOptions): DurableQueue<T> {
    let created: Promise<PgBoss> | null = null;
    const ready = () => {
      created ??= (async () => {
        const instance = await boss();
        await instance.createQueue(name, {
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          // pg-boss backs off from a floor of its own even at 0: a test's 0 means at once.
          ...(options.retryDelaySeconds > 0 ? { retryBackoff: true, retryDelayMax: 300 } : { retryBackoff: false }),
          heartbeatSeconds: options.heartbeatSeconds,
          notify: true,
        });
        // Fills pg-boss's queue cache now, so that `send` inside a transaction reads nothing outside it.
        await instance.findJobs(name, { limit: 1 });
        return instance;
      })();
      return created;
    };
    return {
      async ready() {
        await ready();
      },
      async send(tx, data, startAfter) {
        const instance = await ready();
        // Drizzle's execute() answers `unknown` rows in its types; at runtime it is what pg-boss reads.
        const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
        await instance.send(name, data, { startAfter, db });
      },
      async remove(match) {
        const instance = await ready();
        const waiting = await instance.findJobs<T>(name, { data: match, queued: true });
        if (waiting.length > 0)
          await instance.deleteJob(
            name,
            waiting.map((job) => job.id),
          );
      },
      async work(handler) {
        const instance = await ready();
        await instance.work<T>(
          name,
          {
            batchSize: options.batchSize,
            localConcurrency: options.localConcurrency,
            pollingIntervalSeconds: options.pollingIntervalSeconds,
            // NOTIFY wakes the workers when a job is written, not when a planned one falls due:
            // jobs planned for later need the short poll even while NOTIFY works.
            notifyPollingIntervalSeconds: options.pollingIntervalSeconds,
            // A full batch means more is due: fetch again at once instead of after the poll. Without,
            // a server took at most batchSize × localConcurrency jobs a second, and a backlog (a
            // restart, a busy minute) drained that slowly, the latest-made jobs last (ADR 0076).
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          async (jobs: Job<T>[]): Promise<JobResult[]> =>
            Promise.all(
              jobs.map(async (job) => {
                try {
                  await handler(job.data, job.retryCount);
                  return { id: job.id, status: "completed" as const };
                } catch {
                  return { id: job.id, status: "failed" as const };
                }
              }),
            ),
        );
      },
      async stopWork() {
        await (await ready()).offWork(name);
      },
    };
  }

  return {
    queue,
    async every(name, cron, task) {
      const instance = await boss();
      // A tick missed while every server was down is not made up: the next one does the same work.
      await instance.createQueue(name, { retryLimit: 0, expireInSeconds: 15 * 60 });
      await instance.schedule(name, cron);
      await instance.work(name, async () => {
        try {
          await task();
        } catch (error) {
          logger.warn({ err: error, task: name }, "Hintergrundaufgabe fehlgeschlagen");
        }
      });
    },
    stopping: () => stopped,
    async stop(drainMs) {
      if (stopped || !starting) return;
      stopped = true;
      const instance = await starting.catch(() => null);
      await instance?.stop({ graceful: true, timeout: drainMs, close: true });
    },
  };
}
