import { timestamp } from "drizzle-orm/pg-core";

// Columns that many tables share, spread into them: Drizzle's documented way of reusing column
// definitions. Better Auth's tables keep their own (auth.ts): their updated_at is also set on
// every update.

/** When the row was written and when it last changed. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
