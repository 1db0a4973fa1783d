import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "./db/client.ts";
import type { Logger } from "./logger.ts";

// The one mechanism for background work (ADR 0078): pg-boss on the product's own database, PGlite
// in the embedded default and PostgreSQL with several app servers. The publishing queue's jobs
// (features/publishing/publishing-queue.ts) and every periodic task (the publishing sweep,
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

export type JobQueue = {
  /** pg-boss, started once (installs its tables on first use). */
  boss(): Promise<PgBoss>;
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

  return {
    boss,
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
