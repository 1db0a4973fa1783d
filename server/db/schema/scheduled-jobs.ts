import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// ADR 0026, 0049: work that must run once per interval however many app servers run. A server
// claims a job by moving last_run_at forward in one UPDATE; the row lock lets only one win.
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
});
