import { and, eq, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import { type DeliveryDeps, isOverdue } from "./delivery.service.ts";
import { PUBLISH_TIMEOUT_MS } from "./network-call.ts";
import { interruptPublication, missPublication } from "./publication-outcomes.ts";

// The sweep (ADR 0075): no planned post without a live job. Every minute one server (a pg-boss
// schedule, server/db/job-queue.ts) looks for what a lost job, a crash or a database that failed
// every retry left behind, with queries on the (status, next_attempt_at) index:
// - a planned post still not sent a minute after it was due gets a new job (a job that comes twice
//   does no harm: the row decides, ADR 0053); one overdue by more than MISSED_AFTER_MS is "verpasst";
// - an attempt with no outcome long after its call must have ended belongs to a server that died
//   mid-call: "unbestätigt" (the job that finds a post "sending" leaves it alone, since its attempt
//   may still be running elsewhere);
// - a post waiting for its next step (a network that publishes in steps) whose job was lost gets one.

/** A due post's job runs within seconds; a post still planned this long after it was due lost its job. */
export const SWEEP_GRACE_MS = 60_000;
/** An attempt without an outcome after this long was cut off: its call's own timeout and a margin. */
export const INTERRUPTED_AFTER_MS = PUBLISH_TIMEOUT_MS + 60_000;
/** Rows per kind and run; a longer backlog is taken by the next runs, a minute apart. */
const SWEEP_BATCH = 500;

export type SweepReport = { requeued: number; missed: number; interrupted: number };

export async function sweepPublications(deps: DeliveryDeps, now = new Date()): Promise<SweepReport> {
  const report: SweepReport = { requeued: 0, missed: 0, interrupted: 0 };
  const lostBefore = new Date(now.getTime() - SWEEP_GRACE_MS);
  const overdue = await deps.db
    .select()
    .from(publications)
    .where(and(eq(publications.status, "planned"), lte(publications.nextAttemptAt, lostBefore)))
    .limit(SWEEP_BATCH);
  // Each new job is due at the post's own time, which has passed: a worker takes it at once.
  const requeue: { id: string; nextAttemptAt: Date }[] = [];
  for (const publication of overdue) {
    if (!isOverdue(publication, now)) requeue.push(publication);
    else if (await missPublication(deps, publication)) report.missed += 1;
  }

  const waitingForStep = await deps.db
    .select({ id: publications.id, nextAttemptAt: publications.nextAttemptAt })
    .from(publications)
    .where(
      and(
        eq(publications.status, "sending"),
        isNotNull(publications.continuation),
        lte(publications.nextAttemptAt, lostBefore),
      ),
    )
    .limit(SWEEP_BATCH);
  requeue.push(...waitingForStep);
  if (requeue.length > 0) {
    await deps.publishingQueue.ready();
    await deps.db.transaction(async (tx) => {
      for (const row of requeue) await deps.publishingQueue.enqueue(tx, row.id, row.nextAttemptAt);
    });
    report.requeued = requeue.length;
  }

  // A thread's attempt lasts as long as its posts: the latest post's start counts.
  const lastStart = sql`greatest(${publications.attemptStartedAt}, (select max(${publicationThreadPosts.attemptStartedAt}) from ${publicationThreadPosts} where ${publicationThreadPosts.publicationId} = ${publications.id}))`;
  const cutOff = await deps.db
    .select()
    .from(publications)
    .where(
      and(
        eq(publications.status, "sending"),
        isNull(publications.continuation),
        lt(lastStart, new Date(now.getTime() - INTERRUPTED_AFTER_MS).toISOString()),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const publication of cutOff) if (await interruptPublication(deps, publication)) report.interrupted += 1;
  if (report.requeued + report.missed + report.interrupted > 0)
    deps.logger.info(report, "Veröffentlichungen nachgesehen");
  return report;
}
