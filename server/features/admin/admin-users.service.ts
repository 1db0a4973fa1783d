import { and, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { recordAudit } from "#server/features/audit/audit.service.ts";
import { grantPlanByHand, revokePlanByHand } from "#server/features/billing/billing-manual-grants.service.ts";
import { ADMIN_USERS_PAGE_SIZE, MANUAL_GRANT_DAYS } from "#shared/admin.ts";
import { isEntitlingStatus, PLANS, type Plan } from "#shared/billing.ts";

// The admin's users and credits (spec sections 2, 5 and 7; ADR 0024). The search runs in the
// database, on the e-mail's trigram index (migration 0012), one page at a time, so it stays
// fast at 100,000 profiles.

// A typed % or _ is a character to find, not a wildcard.
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

export async function searchUsers(db: Database, query: string, page: number) {
  const rows = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      credits: profiles.credits,
      isAdmin: profiles.isAdmin,
      createdAt: profiles.createdAt,
      // Served by the logs' (user_id, created_at) index: one index probe per listed user.
      lastGenerationAt: sql<string | null>`(select max(logs.created_at) from ${contentGenerationLogs} as logs
        where logs.user_id = "profiles"."id")`,
    })
    .from(profiles)
    .where(query ? ilike(profiles.email, `%${escapeLike(query)}%`) : undefined)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    // One row more than a page tells whether there is a next one, without counting them all.
    .limit(ADMIN_USERS_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_USERS_PAGE_SIZE);
  const users = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
  const plans = await plansOf(
    db,
    users.map((user) => user.id),
  );
  return {
    users: users.map((user) => ({
      ...user,
      createdAt: user.createdAt.toISOString(),
      lastGenerationAt: user.lastGenerationAt ? new Date(user.lastGenerationAt).toISOString() : null,
      plans: plans.get(user.id) ?? [],
    })),
    page,
    hasMore: rows.length > ADMIN_USERS_PAGE_SIZE,
  };
}

type PlanSummary = { plan: Plan; status: string; periodEnd: string | null; byHand: boolean };

async function plansOf(db: Database, userIds: string[]): Promise<Map<string, PlanSummary[]>> {
  const byUser = new Map<string, PlanSummary[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(inArray(subscriptions.userId, userIds), inArray(subscriptions.plan, [...PLANS])));
  for (const row of rows) {
    if (!isEntitlingStatus(row.status)) continue;
    const summary: PlanSummary = {
      plan: row.plan as Plan,
      status: row.status,
      periodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      byHand: row.stripeSubscriptionId === null,
    };
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), summary]);
  }
  return byUser;
}

/**
 * Spec: "admin updates credits by id". ADR 0024: only if the credits are still what the admin
 * saw, so two admins (or a generation in between) are never silently overwritten.
 */
export async function updateCredits(
  db: Database,
  adminId: string,
  userId: string,
  change: { credits: number; expectedCredits: number },
): Promise<"updated" | "changed" | "not-found"> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ credits: change.credits, lastCreditUpdate: new Date() })
      .where(and(eq(profiles.id, userId), eq(profiles.credits, change.expectedCredits)))
      .returning({ id: profiles.id });
    if (!updated) {
      const [exists] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
      return exists ? "changed" : "not-found";
    }
    await recordAudit(tx, {
      adminId,
      action: "credits.update",
      targetId: userId,
      before: { credits: change.expectedCredits },
      after: { credits: change.credits },
    });
    return "updated";
  });
}

/** "Plan von Hand vergeben/entziehen" (ADR 0007, ADR 0024). */
export async function setPlanByHand(
  db: Database,
  adminId: string,
  userId: string,
  change: { plan: Plan; granted: boolean },
  now = new Date(),
): Promise<"granted" | "revoked" | "stripe" | "none" | "not-found"> {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
    if (!profile) return "not-found";
    const until = new Date(now.getTime() + MANUAL_GRANT_DAYS * 24 * 60 * 60 * 1000);
    const outcome = change.granted
      ? await grantPlanByHand(tx, userId, change.plan, adminId, until)
      : await revokePlanByHand(tx, userId, change.plan);
    if (outcome === "granted" || outcome === "revoked") {
      await recordAudit(tx, {
        adminId,
        action: outcome === "granted" ? "plan.grant" : "plan.revoke",
        targetId: userId,
        before: null,
        after: { plan: change.plan, until: outcome === "granted" ? until.toISOString() : null },
      });
    }
    return outcome;
  });
}
