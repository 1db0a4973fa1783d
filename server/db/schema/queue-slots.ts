import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { socialAccounts } from "./publishing.ts";

/**
 * An account's weekly posting times, the "Warteschlange" (ADR 0092): a weekday (1 Monday … 7
 * Sunday) and a wall time "HH:mm" in the owner's time zone (ADR 0091), so 09:00 stays 09:00 across
 * the change to summer time. The set is replaced as a whole; the key keeps it free of duplicates.
 */
export const queueSlots = pgTable(
  "queue_slots",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    time: text("time").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.weekday, table.time] }),
    check("queue_slots_weekday_range", sql`${table.weekday} between 1 and 7`),
    check("queue_slots_time_shape", sql`${table.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
