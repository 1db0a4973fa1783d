import { desc, eq } from "drizzle-orm";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import type { TestApp } from "./test-app.ts";

// What the admin audit log (ADR 0024) holds after an admin's change, for the tests that check it.

/** The newest entry of `action`, and the id of the admin with `adminEmail` who should have made it. */
export async function newestAuditEntry(app: TestApp, action: string, adminEmail: string) {
  const [admin] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, adminEmail));
  const [entry] = await app.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.action, action))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(1);
  return { entry, adminId: admin?.id };
}
