import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// For the admin's usage panel: one row per grammar check or improvement the optimizer answered,
// counted per day for the admin. On purpose without the text and without the account: the
// count is all the panel needs (data minimisation), and it survives deleted accounts.
export const optimizerAiCalls = pgTable(
  "optimizer_ai_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "grammar" | "improve" */
    kind: text("kind").notNull(),
    /** false when the model failed, timed out or its answer was refused. */
    succeeded: boolean("succeeded").notNull(),
    /** The offline demo editor answered; no model was called. */
    demo: boolean("demo").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("optimizer_ai_calls_created_at_idx").on(table.createdAt)],
);
