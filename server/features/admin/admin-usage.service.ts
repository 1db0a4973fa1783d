import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { readsOfMonth } from "#server/features/metrics/metric-reads.ts";
import { ENTITLING_STATUSES, PLANS, type Plan } from "#shared/billing.ts";
import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";

// The admin's usage panel (beyond the spec): what happened per day, read from our
// own rows, no third-party analytics. Every query reads at most the last USAGE_DAYS days and
// groups them in SQL; generate_series supplies the days without rows as zeros.

export const USAGE_DAYS = 30;
/** Days start and end at midnight where the operator and most users are. */
export const USAGE_TIME_ZONE = "Europe/Berlin";
type UsageRow = {
  day: string;
  sign_ups: number;
  generations: number;
  charged: number;
  included: number;
  failed: number;
  optimizer_ai_calls: number;
  optimizer_ai_failed: number;
  optimizer_demo_calls: number;
};

export async function getUsage(db: Database) {
  const tz = USAGE_TIME_ZONE;
  const lastDayOffset = USAGE_DAYS - 1;
  const [rows, plans, published] = await Promise.all([
    queryRows<UsageRow>(
      db,
      sql`
      with bounds as (
        select first_day, (first_day::timestamp at time zone ${tz}) as since
        from (select (now() at time zone ${tz})::date - ${lastDayOffset}::int as first_day) as today
      ), days as (
        select first_day + step as day from bounds, generate_series(0, ${lastDayOffset}::int) as step
      ), sign_ups as (
        select (created_at at time zone ${tz})::date as day, count(*)::int as n
        from profiles, bounds where created_at >= since group by 1
      ), runs as (
        select (created_at at time zone ${tz})::date as day,
          count(*) filter (where run_state = 'archived')::int as generations,
          count(*) filter (where kind = 'charged')::int as charged,
          count(*) filter (where kind = 'included')::int as included,
          count(*) filter (where kind in ('refunded', 'included_refunded'))::int as failed
        from content_generation_logs, bounds where created_at >= since group by 1
      ), optimizer as (
        select (created_at at time zone ${tz})::date as day,
          count(*) filter (where not demo)::int as ai_calls,
          count(*) filter (where not demo and not succeeded)::int as ai_failed,
          count(*) filter (where demo)::int as demo_calls
        from optimizer_ai_calls, bounds where created_at >= since group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        coalesce(sign_ups.n, 0) as sign_ups,
        coalesce(runs.generations, 0) as generations,
        coalesce(runs.charged, 0) as charged,
        coalesce(runs.included, 0) as included,
        coalesce(runs.failed, 0) as failed,
        coalesce(optimizer.ai_calls, 0) as optimizer_ai_calls,
        coalesce(optimizer.ai_failed, 0) as optimizer_ai_failed,
        coalesce(optimizer.demo_calls, 0) as optimizer_demo_calls
      from days
      left join sign_ups using (day)
      left join runs using (day)
      left join optimizer using (day)
      order by days.day`,
    ),
    queryRows<{ plan: string; n: number }>(
      db,
      sql`select plan, count(*)::int as n from subscriptions
        where status in (${sql.join(
          ENTITLING_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        group by plan`,
    ),
    // ADR 0053: what the operator pays the networks for (X per post, more for one with a link),
    // in the calendar month in Berlin. A thread's posts count one by one (ADR 0066), each when
    // it went out, also those of a thread that stopped halfway.
    queryRows<{ month: string; network: string; posts: number; with_link: number }>(
      db,
      sql`with bounds as (
          select date_trunc('month', now() at time zone ${tz}) at time zone ${tz} as first_instant
        ),
        sent_posts as (
          select network, text, sent_at from publications where status = 'sent' and post_count = 1
          union all
          select publications.network, thread_post.text, thread_post.sent_at
          from publication_thread_posts thread_post
          join publications on publications.id = thread_post.publication_id
          where thread_post.status = 'sent'
        )
        select to_char(first_instant at time zone ${tz}, 'YYYY-MM') as month, network,
          count(network)::int as posts,
          count(network) filter (where text ~* 'https?://')::int as with_link
        from bounds left join sent_posts on sent_at >= first_instant
        group by 1, 2`,
    ),
  ]);

  return {
    timeZone: USAGE_TIME_ZONE,
    /** Posts read for their figures this Berlin month, per network (ADR 0105: X bills each). */
    metricReadsThisMonth: await readsOfMonth(db, new Date()),
    days: rows.map((row) => ({
      day: row.day,
      signUps: Number(row.sign_ups),
      /**
       * Runs that finished, from the generation log on the day they started (ADR 0071): deleting
       * the archive entry does not lower the figure; demo runs write no log row (ADR 0062).
       */
      generations: Number(row.generations),
      /** Runs that took a credit. */
      charged: Number(row.charged),
      /** Runs of Pro's allowance, bought or granted by hand. */
      included: Number(row.included),
      /** Runs that failed and were given back, credit or allowance. */
      failed: Number(row.failed),
      optimizerAiCalls: Number(row.optimizer_ai_calls),
      optimizerAiFailed: Number(row.optimizer_ai_failed),
      optimizerDemoCalls: Number(row.optimizer_demo_calls),
    })),
    /** Running plans now; subscriptions keep no history, so there is no per-day count. */
    activePlans: Object.fromEntries(
      PLANS.map((plan) => [plan, Number(plans.find((row) => row.plan === plan)?.n ?? 0)]),
    ) as Record<Plan, number>,
    /** Posts sent through Postwerk this month, per network, and how many of them carried a link. */
    publishedThisMonth: {
      month: published[0]?.month ?? "",
      networks: Object.fromEntries(
        NETWORK_IDS.map((network) => {
          const row = published.find((entry) => entry.network === network);
          return [network, { posts: Number(row?.posts ?? 0), withLink: Number(row?.with_link ?? 0) }];
        }),
      ) as Record<NetworkId, { posts: number; withLink: number }>,
    },
  };
}

// Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`; drizzle types it as unknown.
async function queryRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
