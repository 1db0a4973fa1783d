import { eq, type SQL, sql } from "drizzle-orm";
import { CREDITS_PER_GENERATION, SUBSCRIPTION_ACTIVE } from "#shared/credits.ts";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";

// Credits of the generator (spec section 4 "Generation flow", DESIGN.md "Rules that protect
// users", ADR 0012). A credit changes in ONE statement that also writes the log row, so
// concurrent requests can neither overdraw an account nor change credits without a trace:
// the UPDATE takes the row lock, a second request waits for it and then sees the new value.

type ConsumeCreditResult =
  | { status: "charged"; creditsRemaining: number }
  | { status: "notNeeded"; subscriptionStatus: string }
  | { status: "noCredits"; creditsRemaining: number }
  | { status: "profileNotFound" };

type ChangedRow = { credits_remaining: number; subscription_status: string };
type ConsumeRow = { charged_credits_remaining: number | null; credits: number; subscription_status: string };

export async function consumeCredit(db: Database, userId: string): Promise<ConsumeCreditResult> {
  // Active subscribers are never charged (spec section 4): the WHERE clause leaves them out.
  // The same statement reads the profile as it was, so a refusal can say why without a
  // second round trip: a subscriber needs no credit, anyone else has none left.
  const [row] = await queryRows<ConsumeRow>(
    db,
    sql`
    with changed as (
      update ${profiles}
      set credits = credits - ${CREDITS_PER_GENERATION}, last_credit_update = now()
      where id = ${userId} and credits >= ${CREDITS_PER_GENERATION} and subscription_status <> ${SUBSCRIPTION_ACTIVE}
      returning id, credits, subscription_status
    ), logged as (
      insert into content_generation_logs (user_id, subscription_status, credits_remaining)
      select id, subscription_status, credits from changed
      returning credits_remaining
    )
    select (select credits_remaining from logged) as charged_credits_remaining,
      profile.credits, profile.subscription_status
    from ${profiles} profile
    where profile.id = ${userId}`,
  );
  if (!row) return { status: "profileNotFound" };
  if (row.charged_credits_remaining !== null) {
    return { status: "charged", creditsRemaining: Number(row.charged_credits_remaining) };
  }
  if (row.subscription_status === SUBSCRIPTION_ACTIVE) {
    return { status: "notNeeded", subscriptionStatus: row.subscription_status };
  }
  return { status: "noCredits", creditsRemaining: Number(row.credits) };
}

/**
 * Gives back the credit of a generation that failed after charging (spec section 4: "Refund
 * adds 1 credit and writes a log row"). Returns the new balance, or null when the profile is
 * gone (the account was deleted meanwhile).
 */
export async function refundCredit(db: Database, userId: string): Promise<number | null> {
  const refunded = await queryRows<ChangedRow>(
    db,
    sql`
    with changed as (
      update ${profiles}
      set credits = credits + ${CREDITS_PER_GENERATION}, last_credit_update = now()
      where id = ${userId}
      returning id, credits, subscription_status
    )
    insert into content_generation_logs (user_id, subscription_status, credits_remaining)
    select id, subscription_status, credits from changed
    returning credits_remaining, subscription_status`,
  );
  const [row] = refunded;
  return row ? Number(row.credits_remaining) : null;
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
