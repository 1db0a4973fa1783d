import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";

// Postwerk's own rate-limit counters (ADR 0020). Better Auth keeps its sign-in
// limits in `rate_limit` and deletes rows there by its own one-minute window, which reset
// our ten-minute limits; in a table of our own nothing else touches them. Unlogged (migration
// 0045, ADR 0121): counting waits for no flush, and a crash only restarts the windows.
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    /** "<rule>:<subject>", e.g. "contact:203.0.113.7" or "generator:<user id>". */
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** Milliseconds since the epoch at which the current window ends. */
    windowEndsAt: bigint("window_ends_at", { mode: "number" }).notNull(),
  },
  (table) => [index("rate_limit_counters_window_ends_at_idx").on(table.windowEndsAt)],
);
