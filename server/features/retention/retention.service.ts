import { lt } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppDeps } from "#server/app-env.ts";
import { emailChangeObjections, signInFailures } from "#server/db/schema/account-security.ts";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { cancellationRequests, stripeEvents } from "#server/db/schema/billing.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { cookieConsentHistory } from "#server/db/schema/cookie-consent.ts";
import { webhookDeliveries } from "#server/db/schema/webhooks.ts";
import { removeUnusedUploads } from "#server/features/media/media.service.ts";
import { EMAIL_CHANGE_OBJECTION_DAYS, SIGN_IN_FAILURE_MEMORY_HOURS } from "#shared/account-security.ts";

// Retention (ADR 0026): what Postwerk keeps beyond its use, and for how long. The
// privacy policy names the same periods. Accounts' own data (archive, credit history) lives as
// long as the account and goes with it.

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

/** Proofs are kept as long as a claim about them can be raised (§ 195 BGB: three years). */
export const RETENTION = {
  consentHistory: 3 * YEAR_MS,
  cancellationRequests: 3 * YEAR_MS,
  contactMessages: 2 * YEAR_MS,
  adminAuditLog: 3 * YEAR_MS,
  stripeEvents: 90 * DAY_MS,
  // ADR 0044: a failure count is forgotten after a day anyway; an objection link after 14 days.
  signInFailures: SIGN_IN_FAILURE_MEMORY_HOURS * 60 * 60 * 1000,
  emailChangeObjections: EMAIL_CHANGE_OBJECTION_DAYS * DAY_MS,
  // ADR 0110: the webhook log is for finding a failed delivery; every delivery settles within a day.
  webhookDeliveries: 30 * DAY_MS,
} as const;

/** When the retention runs (pg-boss cron, UTC, ADR 0078): once a day, at night. */
export const RETENTION_SCHEDULE = "17 3 * * *";

/** Where each rule deletes, and the time its period runs from. */
const RETENTION_RULES: Record<keyof typeof RETENTION, { table: PgTable; from: PgColumn }> = {
  consentHistory: { table: cookieConsentHistory, from: cookieConsentHistory.createdAt },
  cancellationRequests: { table: cancellationRequests, from: cancellationRequests.createdAt },
  contactMessages: { table: contactMessages, from: contactMessages.createdAt },
  adminAuditLog: { table: adminAuditLog, from: adminAuditLog.createdAt },
  stripeEvents: { table: stripeEvents, from: stripeEvents.processedAt },
  signInFailures: { table: signInFailures, from: signInFailures.lastFailureAt },
  emailChangeObjections: { table: emailChangeObjections, from: emailChangeObjections.createdAt },
  webhookDeliveries: { table: webhookDeliveries, from: webhookDeliveries.createdAt },
};

export type RetentionDeps = Pick<AppDeps, "db" | "imageStorage" | "logger">;
type Removed = Record<keyof typeof RETENTION, number> & { unusedUploads: number };

/**
 * Deletes what is past its period; returns how many rows each rule removed. Uploads no post or
 * draft names go after a day, with their files (media.service.ts, UNUSED_UPLOAD_MS).
 */
export async function applyRetention(deps: RetentionDeps, now = new Date()): Promise<Removed> {
  const { db } = deps;
  const removed = { unusedUploads: await removeUnusedUploads(deps, now) } as Removed;
  for (const rule of Object.keys(RETENTION_RULES) as (keyof typeof RETENTION)[]) {
    const { table, from } = RETENTION_RULES[rule];
    const before = new Date(now.getTime() - RETENTION[rule]);
    // RETURNING a column: PGlite and node-postgres report a DELETE's row count differently.
    removed[rule] = (await db.delete(table).where(lt(from, before)).returning({ at: from })).length;
  }
  return removed;
}
