import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The write check of /readyz (ADR 0045) updates its one row here. Periodic work no longer claims
// rows in this table: it runs on pg-boss schedules (ADR 0078).
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
});
