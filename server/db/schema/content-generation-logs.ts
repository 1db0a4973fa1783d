import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// Spec section 3: a row for every credit change (DESIGN.md "Every change writes a log row").
export const contentGenerationLogs = pgTable(
  "content_generation_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subscriptionStatus: text("subscription_status").notNull().default("free"),
    creditsRemaining: integer("credits_remaining").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("content_generation_logs_user_id_idx").on(table.userId, table.createdAt)],
);
