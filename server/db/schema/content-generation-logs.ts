import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedByUser } from "./auth.ts";

/**
 * What a row records (the admin's usage panel counts by it): a credit taken or given back, or a run of Pro's allowance
 * taken or given back. A failed run is the one given back.
 */
export const GENERATION_LOG_KINDS = ["charged", "refunded", "included", "included_refunded"] as const;

/**
 * A charge row ('charged', 'included') is also the record of its run (ADR 0049): 'open' while
 * the run may still finish, then 'archived' or 'refunded'. The charge row's id is the run id.
 * Refund rows and rows from before ADR 0049 have none.
 */
export const GENERATION_RUN_STATES = ["open", "archived", "refunded"] as const;

// Spec section 3: a row for every generation's credit or allowance change (docs/design.md: every
// change writes a log row), with the account's status and credits after it.
export const contentGenerationLogs = pgTable(
  "content_generation_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    subscriptionStatus: text("subscription_status").notNull().default("free"),
    creditsRemaining: integer("credits_remaining").notNull(),
    kind: text("kind", { enum: GENERATION_LOG_KINDS }).notNull().default("charged"),
    runState: text("run_state", { enum: GENERATION_RUN_STATES }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("content_generation_logs_user_id_idx").on(table.userId, table.createdAt),
    // The admin's usage panel counts the last 30 days of everybody.
    index("content_generation_logs_created_at_idx").on(table.createdAt),
    // The repair sweep (ADR 0049) reads only open runs, oldest first.
    index("content_generation_logs_open_runs_idx").on(table.createdAt).where(sql`${table.runState} = 'open'`),
    check("content_generation_logs_run_state_known", sql`${table.runState} in ('open', 'archived', 'refunded')`),
    check(
      "content_generation_logs_kind_known",
      sql`${table.kind} in ('charged', 'refunded', 'included', 'included_refunded')`,
    ),
  ],
);
