import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import type { Logger } from "#server/logger.ts";
import { refundRun } from "./credits.service.ts";

// Runs cut short (ADR 0049): a server killed mid-run (kill -9, OOM, power) never reaches the
// run's own refund, and a refund that meets an unreachable database fails. Both leave the
// charge row 'open'. A pg-boss schedule (ADR 0078) runs `repairAbandonedRuns` on one server every
// few minutes and gives back every run that is still open long after any run could have ended.
// `refundRun` makes each refund happen once, even if two servers, or a late run and a sweep, try
// at the same moment.

/**
 * Longer than any run can take: image re-encoding (ADR 0020, 0050), the website (5 s), the model
 * (AI_TIMEOUT_MS, at most 5 minutes) and the archive row. A run still open after this is dead.
 */
export const RUN_REPAIR_AFTER_MS = 60 * 60_000;

/** When the repair runs (pg-boss cron, UTC): every five minutes. */
export const RUN_REPAIR_SCHEDULE = "*/5 * * * *";
/** Runs handled per sweep; more wait for the next one (there are none in normal operation). */
const RUN_REPAIR_BATCH = 500;

type RepairOptions = { now?: Date; olderThanMs?: number };

/** Refunds every open run older than the timeout; returns how many this call gave back and how many failed. */
export async function repairAbandonedRuns(db: Database, logger: Logger, options: RepairOptions = {}) {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.olderThanMs ?? RUN_REPAIR_AFTER_MS));
  const open = await db
    .select({ id: contentGenerationLogs.id, userId: contentGenerationLogs.userId })
    .from(contentGenerationLogs)
    .where(and(eq(contentGenerationLogs.runState, "open"), lt(contentGenerationLogs.createdAt, cutoff)))
    .orderBy(asc(contentGenerationLogs.createdAt))
    .limit(RUN_REPAIR_BATCH);
  let refunded = 0;
  let failed = 0;
  for (const run of open) {
    try {
      // false: another server or the run itself was quicker; nothing more to do.
      if ((await refundRun(db, run.id)).refunded) refunded += 1;
    } catch (error) {
      // The run stays open, so the next sweep tries again.
      failed += 1;
      logger.error({ err: error, runId: run.id, userId: run.userId }, "Abgebrochene Generierung nicht erstattet");
    }
  }
  if (refunded > 0 || failed > 0) logger.warn({ refunded, failed }, "Abgebrochene Generierungen erstattet");
  return { refunded, failed };
}
