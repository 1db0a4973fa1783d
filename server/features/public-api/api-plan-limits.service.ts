import type { Database } from "#server/db/client.ts";
import { apiPlanLimits } from "#server/db/schema/public-api.ts";
import { getPlanStates } from "#server/features/billing/billing-plans.service.ts";
import { API_REQUESTS_PER_MINUTE_MAX, DEFAULT_API_REQUESTS_PER_MINUTE } from "#shared/public-api.ts";
import { CAP_PLANS, type CapPlan } from "#shared/publishing-caps.ts";

// Which plans get the API and how many requests a minute per key (ADR 0107), set by the operator
// like the publishing caps (ADR 0053). A plan without a setting gets DEFAULT_API_REQUESTS_PER_MINUTE;
// 0 closes the API for it. A user with several plans gets the highest of them.

export type ApiPlanLimits = Record<CapPlan, number>;

export async function readApiPlanLimits(db: Database): Promise<ApiPlanLimits> {
  const rows = await db.select().from(apiPlanLimits);
  return Object.fromEntries(
    CAP_PLANS.map((plan) => [
      plan,
      rows.find((row) => row.plan === plan)?.requestsPerMinute ?? DEFAULT_API_REQUESTS_PER_MINUTE,
    ]),
  ) as ApiPlanLimits;
}

export async function writeApiPlanLimit(db: Database, plan: CapPlan, requestsPerMinute: number): Promise<void> {
  const value = Math.max(0, Math.min(API_REQUESTS_PER_MINUTE_MAX, Math.trunc(requestsPerMinute)));
  await db
    .insert(apiPlanLimits)
    .values({ plan, requestsPerMinute: value })
    .onConflictDoUpdate({ target: apiPlanLimits.plan, set: { requestsPerMinute: value, updatedAt: new Date() } });
}

/** The requests a minute a user's keys may make; 0: the user's plans have no API. */
export async function apiLimitOf(db: Database, userId: string): Promise<number> {
  const limits = await readApiPlanLimits(db);
  const paid = CAP_PLANS.filter((plan) => plan !== "free");
  // The plans need only be read when a paid plan would give more than "free" (the common case skips it).
  if (paid.every((plan) => limits[plan] <= limits.free)) return limits.free;
  const states = await getPlanStates(db, userId);
  return Math.max(limits.free, ...paid.filter((plan) => states[plan]?.active).map((plan) => limits[plan]));
}
