import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import type { AuditAction } from "#shared/admin.ts";

// ADR 0024: each change an admin makes is written down with its before and after, in the
// same transaction as the change where there is one, so no change goes unrecorded.

export type AuditEntry = {
  adminId: string;
  action: AuditAction;
  targetId: string;
  before: unknown;
  after: unknown;
};

type Executor = Pick<Database, "insert">;

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The newest entries first, with the admin's e-mail. */
export async function listAudit(db: Database, limit: number) {
  const rows = await db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      targetId: adminAuditLog.targetId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      createdAt: adminAuditLog.createdAt,
      adminEmail: profiles.email,
    })
    .from(adminAuditLog)
    .leftJoin(profiles, eq(profiles.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
