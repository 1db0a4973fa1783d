import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// ADR 0024: who changed what in the admin area, when, and from what to what.
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The admin; kept as null when their account is deleted later. */
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    /** What was done, e.g. "credits.update" (shared/admin.ts AUDIT_ACTIONS). */
    action: text("action").notNull(),
    /** What it was done to, e.g. a user id, a configuration id, "site_settings". */
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("admin_audit_log_created_at_idx").on(table.createdAt.desc().nullsFirst()),
    index("admin_audit_log_target_idx").on(table.targetId),
  ],
);
