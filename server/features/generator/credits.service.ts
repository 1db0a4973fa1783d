import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { ENTITLING_STATUSES, GENERATOR_PRO_RUNS_PER_PERIOD, type Plan } from "#shared/billing.ts";
import { CREDITS_PER_GENERATION, SUBSCRIPTION_ACTIVE } from "#shared/credits.ts";

// Credits of the generator (spec section 4 "Generation flow", DESIGN.md "Rules that protect
// users", ADR 0012). A credit changes in ONE statement that also writes the log row, so
// concurrent requests can neither overdraw an account nor change credits without a trace:
// the UPDATE takes the row lock, a second request waits for it and then sees the new value.
// The charge row is also the run's record (ADR 0049): its id is the run id, its run_state is
// 'open' until the run is archived or refunded, so a run cut by a crash can be repaired later.

type ConsumeCreditResult =
  | { status: "charged"; creditsRemaining: number; runId: string }
  /** A run of Pro's allowance (ADR 0023): no credit taken. */
  | { status: "included"; runsInPeriod: number; runId: string }
  /** Pro granted without a Stripe subscription (by an admin): never counted. */
  | { status: "notNeeded"; subscriptionStatus: string }
  | { status: "allowanceUsed" }
  | { status: "noCredits"; creditsRemaining: number }
  | { status: "profileNotFound" };

type ConsumeRow = {
  included_runs: number | null;
  included_run_id: string | null;
  charged_credits_remaining: number | null;
  charged_run_id: string | null;
  credits: number;
  subscription_status: string;
  has_pro_subscription: boolean;
};

const PRO_PLAN: Plan = "generator_pro";
const runningPro = sql`${subscriptions.plan} = ${PRO_PLAN} and ${inArray(subscriptions.status, [...ENTITLING_STATUSES])}`;

export async function consumeCredit(db: Database, userId: string): Promise<ConsumeCreditResult> {
  // One statement decides (ADR 0023): a Pro subscriber's run counts against the period's
  // allowance; once it is used up, or without Pro, a credit is taken. Active subscribers are
  // never charged credits (spec section 4) while their allowance lasts. The statement also
  // reads the profile as it was, so a refusal can say why without a second round trip.
  const [row] = await queryRows<ConsumeRow>(
    db,
    sql`
    with pro as (
      update ${subscriptions}
      set runs_in_period = runs_in_period + 1, updated_at = now()
      where user_id = ${userId} and ${runningPro} and runs_in_period < ${GENERATOR_PRO_RUNS_PER_PERIOD}
      returning runs_in_period
    ), pro_logged as (
      insert into content_generation_logs (user_id, subscription_status, credits_remaining, kind, run_state)
      select id, subscription_status, credits, 'included', 'open' from ${profiles}
      where id = ${userId} and exists (select 1 from pro)
      returning id
    ), pro_subscription as (
      select exists (
        select 1 from ${subscriptions} where user_id = ${userId} and ${runningPro}
      ) as found
    ), changed as (
      update ${profiles}
      set credits = credits - ${CREDITS_PER_GENERATION}, last_credit_update = now()
      where id = ${userId} and credits >= ${CREDITS_PER_GENERATION}
        and not exists (select 1 from pro)
        and (subscription_status <> ${SUBSCRIPTION_ACTIVE} or (select found from pro_subscription))
      returning id, credits, subscription_status
    ), logged as (
      insert into content_generation_logs (user_id, subscription_status, credits_remaining, kind, run_state)
      select id, subscription_status, credits, 'charged', 'open' from changed
      returning id, credits_remaining
    )
    select (select runs_in_period from pro) as included_runs,
      (select id from pro_logged) as included_run_id,
      (select credits_remaining from logged) as charged_credits_remaining,
      (select id from logged) as charged_run_id,
      (select found from pro_subscription) as has_pro_subscription,
      profile.credits, profile.subscription_status
    from ${profiles} profile
    where profile.id = ${userId}`,
  );
  if (!row) return { status: "profileNotFound" };
  if (row.included_runs !== null && row.included_run_id !== null)
    return { status: "included", runsInPeriod: Number(row.included_runs), runId: row.included_run_id };
  if (row.charged_credits_remaining !== null && row.charged_run_id !== null) {
    return { status: "charged", creditsRemaining: Number(row.charged_credits_remaining), runId: row.charged_run_id };
  }
  if (row.subscription_status === SUBSCRIPTION_ACTIVE) {
    return row.has_pro_subscription
      ? { status: "allowanceUsed" }
      : { status: "notNeeded", subscriptionStatus: row.subscription_status };
  }
  return { status: "noCredits", creditsRemaining: Number(row.credits) };
}

export type RefundResult =
  /** This call gave the run back: the credit (with the new balance) or Pro's run. */
  | { refunded: true; kind: "charged" | "included"; creditsRemaining: number | null }
  /** Nothing to give back: the run was archived or refunded already, or the account is gone. */
  | { refunded: false };

/**
 * Gives back what a run took (spec section 4: "Refund adds 1 credit and writes a log row"): the
 * credit, or the run of Pro's allowance (ADR 0023). Exactly once per run, however many callers
 * try (the run itself, any app server's repair sweep; ADR 0049): the first UPDATE of the charge
 * row from 'open' to 'refunded' takes its row lock, a concurrent one waits and then finds it no
 * longer open. Everything is one statement, so a failure changes nothing and can be retried.
 */
export async function refundRun(db: Database, runId: string): Promise<RefundResult> {
  const [row] = await queryRows<{ kind: "charged" | "included" | null; credits_remaining: number | null }>(
    db,
    sql`
    with run as (
      update content_generation_logs set run_state = 'refunded'
      where id = ${runId} and run_state = 'open'
      returning user_id, kind
    ), credit as (
      update ${profiles}
      set credits = credits + ${CREDITS_PER_GENERATION}, last_credit_update = now()
      where id = (select user_id from run where kind = 'charged')
      returning id, credits, subscription_status
    ), credit_logged as (
      insert into content_generation_logs (user_id, subscription_status, credits_remaining, kind)
      select id, subscription_status, credits, 'refunded' from credit
      returning credits_remaining
    ), pro as (
      update ${subscriptions} set runs_in_period = greatest(runs_in_period - 1, 0), updated_at = now()
      where user_id = (select user_id from run where kind = 'included') and plan = ${PRO_PLAN}
      returning user_id
    ), pro_logged as (
      insert into content_generation_logs (user_id, subscription_status, credits_remaining, kind)
      select profile.id, profile.subscription_status, profile.credits, 'included_refunded'
      from pro join ${profiles} profile on profile.id = pro.user_id
    )
    select (select kind from run) as kind, (select credits_remaining from credit_logged) as credits_remaining`,
  );
  if (!row?.kind) return { refunded: false };
  return {
    refunded: true,
    kind: row.kind,
    creditsRemaining: row.credits_remaining === null ? null : Number(row.credits_remaining),
  };
}

/** The run's result is in the archive (ADR 0049): the repair sweep leaves it alone. */
export async function markRunArchived(db: Database, runId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update content_generation_logs set run_state = 'archived' where id = ${runId} and run_state = 'open' returning id`,
  );
  return rows.length === 1;
}

// Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`; drizzle types it as unknown.
async function queryRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

export async function getCreditStatus(db: Database, userId: string) {
  const [profile] = await db
    .select({
      credits: profiles.credits,
      subscriptionStatus: profiles.subscriptionStatus,
      subscriptionPeriodEnd: profiles.subscriptionPeriodEnd,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return profile ?? null;
}

/** Runs of Pro's allowance left in the current period; null without a running Pro subscription. */
export async function getProRunsRemaining(db: Database, userId: string): Promise<number | null> {
  const [row] = await queryRows<{ runs_in_period: number }>(
    db,
    sql`select runs_in_period from ${subscriptions} where user_id = ${userId} and ${runningPro}`,
  );
  return row ? Math.max(0, GENERATOR_PRO_RUNS_PER_PERIOD - Number(row.runs_in_period)) : null;
}
